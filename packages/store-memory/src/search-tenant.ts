import type { MemoryLayer, MemoryRecord } from '@symfonic/core';
import { type Candidate, compareCandidates } from './compare-candidates.js';
import { fuseRankings } from './fuse-rankings.js';
import { NearestRows } from './nearest-rows.js';
import { planCueTerms } from './plan-cue-terms.js';
import { isKeyVisible } from './scope-key.js';
import type { TenantMemories } from './tenant-memories.js';

/** One search of one tenant. */
export interface TenantSearch {
  /** The cue, trimmed and non-empty. */
  readonly cue: string;
  /** The unit-length cue vector; absent for a lexical-only search. */
  readonly cueVector: Float32Array | undefined;
  /** The {@link scopeKey} of the asking scope. */
  readonly key: string;
  readonly layers: ReadonlySet<MemoryLayer> | undefined;
  /** The most rows each ranking reads. */
  readonly page: number;
  /** The most memory/term pairs the full-text half reads (see {@link planCueTerms}). */
  readonly postingsBudget: number;
  /** Count the matching rows past the page (costs a full walk; only a scan reports it). */
  readonly countUnread: boolean;
}

/** What a tenant search found. */
export interface TenantSearchOutcome {
  /** Best first, relevance on the store's scale (BM25+ alone, or fused ranks). */
  readonly ranked: Candidate[];
  /** Rows that matched but were left unread because a page was full (when counted). */
  readonly unread: number;
  /** Cue terms left out of full-text matching because too many memories hold them. */
  readonly skippedTerms: number;
}

/** Cut a ranking to `page` rows, best first, ties by {@link compareCandidates}; answers how many were cut. */
function cut(candidates: Candidate[], page: number): number {
  candidates.sort(compareCandidates);
  const cutCount = Math.max(0, candidates.length - page);
  candidates.length = Math.min(candidates.length, page);
  return cutCount;
}

/**
 * Rank the live memories of `tenant` that match the cue and are visible from
 * the asking scope (and in the asked layers): MiniSearch's BM25+ ranking, and
 * with a cue vector the cosine ranking of the nearest rows, each cut to the
 * page, fused by reciprocal rank fusion.
 *
 * @returns the ranking; never throws.
 */
export function searchTenant(tenant: TenantMemories, search: TenantSearch): TenantSearchOutcome {
  const { key, layers, page } = search;
  const admits = (record: MemoryRecord, recordKey: string) =>
    isKeyVisible(recordKey, key) && (layers === undefined || layers.has(record.layer));

  const terms = planCueTerms(search.cue, tenant.documentFrequency, search.postingsBudget);
  const matches = terms.matched.length > 0 ? tenant.index.search(terms.matched.join(' ')) : [];
  const lexical: Candidate[] = [];
  let unread = 0;
  let boundary = Number.NaN;
  for (const match of matches) {
    const memory = tenant.memories.get(match.id as string);
    if (!memory?.live || !admits(memory.record, memory.key)) continue;
    if (lexical.length < page || match.score === boundary) {
      lexical.push({ record: memory.record, relevance: match.score });
      if (lexical.length === page) boundary = match.score;
    } else if (search.countUnread) {
      unread += 1;
    } else {
      break;
    }
  }
  unread += cut(lexical, page);
  if (!search.cueVector) return { ranked: lexical, unread, skippedTerms: terms.skipped };

  const nearest = new NearestRows(page);
  for (const bucket of tenant.buckets.values()) {
    if (!isKeyVisible(bucket.key, key)) continue;
    if (layers !== undefined && !layers.has(bucket.layer)) continue;
    bucket.scan(search.cueVector, (id, similarity) => {
      if (similarity > 0) nearest.offer(id, similarity);
    });
  }
  const vector: Candidate[] = [];
  for (const row of nearest.take()) {
    const memory = tenant.memories.get(row.id);
    if (memory) vector.push({ record: memory.record, relevance: row.similarity });
  }
  unread += nearest.offered - vector.length;
  cut(vector, page);
  const ranked = fuseRankings([
    lexical.map((candidate) => candidate.record),
    vector.map((candidate) => candidate.record),
  ]);
  return { ranked, unread, skippedTerms: terms.skipped };
}
