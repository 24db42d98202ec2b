import {
  compareCandidates,
  contextWeight,
  type FusionWeights,
  fuseRankings,
  type MemoryLayer,
  NearestRows,
  type ScoredMemory,
  type StoredLayer,
  similarityOf,
} from '@symfonic/core';
import type { StoredMemory } from '../rows/stored-memory.js';
import { isPrefixVisible } from '../scope/scope-path-prefix.js';
import type { TenantMemories } from '../tenant-memories.js';
import { bm25PlusScore } from './bm25-plus-score.js';
import { englishStopTerms } from './english-stop-terms.js';
import { planCueTerms } from './plan-cue-terms.js';

const storedLayers: readonly StoredLayer[] = ['episodic', 'semantic'];

/** One search of one tenant. */
export interface TenantSearch {
  /** The cue, trimmed and non-empty. */
  readonly cue: string;
  /** The unit-length cue vector; absent for a lexical-only search. */
  readonly cueVector: Float32Array | undefined;
  /** The {@link scopePathPrefix} of the asking scope. */
  readonly key: string;
  readonly layers: ReadonlySet<MemoryLayer> | undefined;
  /** The most rows each ranking reads. */
  readonly page: number;
  /** The most memory/term pairs the full-text half reads (see {@link planCueTerms}). */
  readonly postingsBudget: number;
  /**
   * The weight of each ranking's vote in the fusion. A zero lexical weight
   * leaves full-text matching out (the vector ranking alone, when there is a
   * cue vector); without a cue vector the ranking is full-text alone.
   */
  readonly weights: FusionWeights;
}

/** What a tenant search found. */
export interface TenantSearchOutcome {
  /** Best first, relevance on the store's scale (BM25+ alone, cosine alone, or core's hybrid relevance). */
  readonly ranked: ScoredMemory[];
  /** Rows that matched but were left out of a ranking because its page was full. */
  readonly unread: number;
  /** Of those, the rows of the full-text ranking (what a word search left out). */
  readonly unreadWordMatches: number;
  /** Cue terms left out of full-text matching because too many memories hold them. */
  readonly skippedTerms: number;
  /** The cue's distinct terms when they were more than `Limits.cueTerms`: only the first were searched. */
  readonly cueTermsShortenedFrom?: number;
}

/** Cut a ranking to `page` rows, best first, ties by {@link compareCandidates}; answers how many were cut. */
function cut(candidates: ScoredMemory[], page: number): number {
  candidates.sort(compareCandidates);
  const cutCount = Math.max(0, candidates.length - page);
  candidates.length = Math.min(candidates.length, page);
  return cutCount;
}

/**
 * Rank the live memories of `tenant` that match the cue and are visible from
 * the asking scope (and in the asked layers): BM25+ over what the scope sees, and
 * with a cue vector the cosine ranking of the nearest rows, each cut to the
 * page, fused by core's `fuseRankings` (places in both lists and the BM25+
 * score against the best, the vector list weighed by its own margin). A ranking alone keeps its own scores (BM25+, or
 * cosine similarity).
 *
 * @returns the ranking; never throws.
 */
export function searchTenant(tenant: TenantMemories, search: TenantSearch): TenantSearchOutcome {
  const { cueVector, weights } = search;
  if (cueVector && weights.lexical === 0) {
    const vector = rankByVector(tenant, search, cueVector);
    return {
      ranked: withSimilarity(tenant, vector.ranked, cueVector, vector.ranked),
      unread: vector.unread,
      unreadWordMatches: 0,
      skippedTerms: 0,
    };
  }
  const lexical = rankByText(tenant, search);
  if (!cueVector || weights.vector === 0) return lexical;
  const vector = rankByVector(tenant, search, cueVector);
  const ranked = fuseRankings(
    {
      records: lexical.ranked.map((candidate) => candidate.record),
      scores: lexical.ranked.map((candidate) => candidate.relevance),
    },
    {
      records: vector.ranked.map((candidate) => candidate.record),
      similarities: vector.ranked.map((candidate) => candidate.relevance),
    },
    weights,
  );
  return {
    ranked: withSimilarity(tenant, ranked, cueVector, vector.ranked),
    unread: lexical.unread + vector.unread,
    unreadWordMatches: lexical.unread,
    skippedTerms: lexical.skippedTerms,
    ...(lexical.cueTermsShortenedFrom === undefined
      ? {}
      : { cueTermsShortenedFrom: lexical.cueTermsShortenedFrom }),
  };
}

/**
 * Each candidate with its cosine similarity to the cue (see
 * `ScoredMemory.similarity`), whichever ranking brought it, when the memory
 * has a vector; the others as they were. The rows of the vector ranking
 * (`nearest`, whose relevance is that cosine) are not scanned again.
 */
function withSimilarity(
  tenant: TenantMemories,
  ranked: readonly ScoredMemory[],
  cueVector: Float32Array,
  nearest: readonly ScoredMemory[],
): ScoredMemory[] {
  const known = new Map(nearest.map(({ record, relevance }) => [record.id, relevance]));
  return ranked.map((candidate) => {
    const memory = tenant.memories.get(candidate.record.id);
    const cosine =
      known.get(candidate.record.id) ?? (memory && tenant.similarity(memory, cueVector));
    return cosine === undefined ? candidate : { ...candidate, similarity: similarityOf(cosine) };
  });
}

/** The stored layers a search reads: the asked ones, or both. */
function storedLayersOf(layers: ReadonlySet<MemoryLayer> | undefined): StoredLayer[] {
  return storedLayers.filter((layer) => layers === undefined || layers.has(layer));
}

/**
 * The full-text ranking: the memories MiniSearch finds holding the planned
 * cue terms, visible and in the asked layers, scored by BM25+ over the
 * statistics of exactly those memories the asking scope sees in those layers
 * (how many, how long, how many hold each term), so a score never depends on
 * a memory the scope cannot see, or on one deleted or forgotten. A memory's
 * context counts as more of its words at {@link contextWeight} (occurrences
 * and length both scaled). Scores are multiplied by the number of content
 * terms matched (cue terms that are not English stop words, a term only the
 * context holds at its weight; at least 1), as MiniSearch multiplies by every
 * term matched: stop words still score their (small) BM25+ share, but a memory
 * holding "what", "did" and "you" is not tripled above the one holding the
 * cue's only content word. Cut to the page; every visible match past it is
 * counted unread.
 */
function rankByText(tenant: TenantMemories, search: TenantSearch): TenantSearchOutcome {
  const { key, layers, page } = search;
  const terms = planCueTerms(search.cue, tenant.documentFrequency, search.postingsBudget);
  const matches = terms.matched.length > 0 ? tenant.index.search(terms.matched.join(' ')) : [];
  const found: { memory: StoredMemory; terms: readonly string[] }[] = [];
  const holders = new Map<string, number>();
  for (const match of matches) {
    const memory = tenant.memories.get(match.id as string);
    if (!memory?.live || !isPrefixVisible(memory.key, key)) continue;
    if (layers !== undefined && !layers.has(memory.record.layer)) continue;
    found.push({ memory, terms: match.terms });
    for (const term of match.terms) holders.set(term, (holders.get(term) ?? 0) + 1);
  }
  const seen = tenant.statistics.visible(key, storedLayersOf(layers));
  const averageLength = seen.memories > 0 ? seen.terms / seen.memories : 1;
  const lexical: ScoredMemory[] = found.map(({ memory, terms: matched }) => {
    const held = tenant.terms.get(memory.record.id);
    let relevance = 0;
    for (const term of matched) {
      relevance += bm25PlusScore(
        held?.counts.get(term) ?? 0,
        held?.length ?? 0,
        holders.get(term) ?? 0,
        seen.memories,
        averageLength,
      );
    }
    let contentTerms = 0;
    for (const term of matched) {
      if (englishStopTerms.has(term)) continue;
      contentTerms += held?.contextOnly.has(term) ? contextWeight : 1;
    }
    return { record: memory.record, relevance: relevance * Math.max(1, contentTerms) };
  });
  const unread = cut(lexical, page);
  return {
    ranked: lexical,
    unread,
    unreadWordMatches: unread,
    skippedTerms: terms.skipped,
    ...(terms.shortenedFrom === undefined ? {} : { cueTermsShortenedFrom: terms.shortenedFrom }),
  };
}

/** The vector ranking: the page of rows nearest to the cue vector (positive cosine only). */
function rankByVector(
  tenant: TenantMemories,
  search: TenantSearch,
  cueVector: Float32Array,
): { ranked: ScoredMemory[]; unread: number } {
  const { key, layers, page } = search;
  const nearest = new NearestRows(page);
  for (const bucket of tenant.buckets.values()) {
    if (!isPrefixVisible(bucket.key, key)) continue;
    if (layers !== undefined && !layers.has(bucket.layer)) continue;
    bucket.scan(cueVector, (id, similarity) => {
      if (similarity > 0) nearest.offer(id, similarity);
    });
  }
  const vector: ScoredMemory[] = [];
  for (const row of nearest.take()) {
    const memory = tenant.memories.get(row.id);
    if (memory) vector.push({ record: memory.record, relevance: row.similarity });
  }
  const unread = nearest.offered - vector.length;
  cut(vector, page);
  return { ranked: vector, unread };
}
