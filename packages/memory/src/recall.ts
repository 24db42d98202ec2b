import {
  type CandidateSource,
  type Degradation,
  DegradationCode,
  type Dropped,
  floorReason,
  limitReason,
  type MemoryRecord,
  type MemoryScope,
  requireVisible,
  type StoredLayer,
} from '@symfonic/core';
import { type RankedMemory, rankCandidates } from './rank-candidates.js';
import { rankedByWordsAlone, rankingRelevance, type ScoredCandidate } from './ranking-relevance.js';
import type { RecallOptions } from './recall-options.js';
import { renderedLength } from './rendered-length.js';
import { rerankCandidates } from './rerank-candidates.js';
import type { RerankOptions } from './rerank-options.js';

/** The layers recall reads; working memory comes from the conversation log instead. */
const recalledLayers: StoredLayer[] = ['semantic', 'episodic'];

/** Scores candidates against a cue on one known scale (cosine similarity with an embedder). */
export type RelevanceScorer = (
  cue: string,
  records: readonly MemoryRecord[],
) => Promise<readonly number[]>;

/** What recall kept, best first, what it left out and why, and what weakened it. */
export interface RecallResult {
  readonly memories: readonly RankedMemory[];
  /** The store's own drops, then one entry per candidate a gate removed. */
  readonly dropped: readonly Dropped[];
  /** The conditions the store's scan ran under (e.g. no vector index), then a failed rerank's. */
  readonly degradations: readonly Degradation[];
}

/**
 * Recall memories for `cue` at `scope`: every candidate of
 * `source.scanCandidates` (uncapped, so a gate's rejection never costs a
 * slot), then, in this order, each gate reporting what it removes in `dropped`:
 *
 * 1. scope: every row is re-checked with `isVisible`; a row the scope cannot
 *    see is a `ScopeViolation`, thrown (a leaking backend must be found, not
 *    filtered). A row answered twice or in the `working` layer is dropped.
 * 2. the salience floor `minSalience`;
 * 3. the relevance floor `minRelevance` (when set), on the store's relevance or
 *    on `relevance`'s scores when given (both floors report core's
 *    `floorReason`, the limit core's `limitReason`);
 * 4. ranking ({@link rankCandidates}) by the relevance {@link rankingRelevance}
 *    chooses: the store's order, fused with the scorer's when the store says
 *    it ranked by full text alone; then, with `rerank`, the top candidates
 *    reranked ({@link rerankCandidates}; a failed rerank keeps this order and
 *    adds `rerank-failed` to the degradations);
 * 5. the per-layer and total character caps, walked in rank order: a memory
 *    that does not fit is dropped and smaller ones after it may still fit;
 * 6. the limit.
 *
 * With `limit` 0 the source is not asked. When the source ranked by words
 * alone (it reports `no-embedder`, `no-vector-index` or `embedding-failed`)
 * and found nothing for a non-blank cue, `cue-matched-nothing` is added to
 * the degradations: a memory saying the same in other words was missed.
 *
 * @throws ScopeViolation when the source answered a row outside `scope`, or the reranker threw one.
 * @throws MemoryUnavailable (and anything else) the source or the scorer throws.
 */
export async function recall(
  source: CandidateSource,
  request: { readonly scope: MemoryScope; readonly cue: string },
  options: RecallOptions,
  context: {
    readonly now: Date;
    readonly relevance?: RelevanceScorer;
    readonly rerank?: RerankOptions;
  },
): Promise<RecallResult> {
  if (options.limit === 0) return { memories: [], dropped: [], degradations: [] };
  const { scope, cue } = request;
  const scanned = await source.scanCandidates({
    scope,
    cue,
    limit: options.limit,
    layers: recalledLayers,
  });
  const dropped: Dropped[] = [...scanned.dropped];

  requireVisible(
    scanned.memories.map(({ record }) => record),
    scope,
  );

  const seen = new Set<string>();
  const admitted: { record: MemoryRecord; relevance: number; place: number }[] = [];
  for (const [place, candidate] of scanned.memories.entries()) {
    const { record } = candidate;
    if (seen.has(record.id)) {
      dropped.push({ id: record.id, reason: 'the store answered this memory more than once' });
    } else if (record.layer === 'working') {
      dropped.push({
        id: record.id,
        reason: 'working memory is read from the conversation log, not recalled',
      });
    } else {
      const underFloor = floorReason('salience', record.salience, options.minSalience);
      if (underFloor === undefined)
        admitted.push({ record, relevance: candidate.relevance, place });
      else dropped.push({ id: record.id, reason: underFloor });
    }
    seen.add(record.id);
  }

  const scored = await score(context.relevance, cue, admitted);
  const { minRelevance } = options;
  const relevant =
    minRelevance === undefined
      ? scored
      : scored.filter(({ record, relevance }) => {
          const underFloor = floorReason('relevance', relevance, minRelevance);
          if (underFloor === undefined) return true;
          dropped.push({ id: record.id, reason: underFloor });
          return false;
        });

  const { ranked, degradations: rerankDegradations } = await rerankCandidates(
    context.rerank,
    cue,
    rankCandidates(
      rankingRelevance(relevant, scanned.degradations, context.relevance !== undefined),
      options,
      context.now,
    ),
    options,
    context.now,
  );
  const used = { semantic: 0, episodic: 0, total: 0 };
  const fitting: RankedMemory[] = [];
  for (const memory of ranked) {
    const { record } = memory;
    const layer = record.layer as StoredLayer;
    const length = renderedLength(record);
    if (used[layer] + length > options.caps[layer]) {
      dropped.push({
        id: record.id,
        reason: `${length} characters do not fit the ${layer} cap of ${options.caps[layer]} (${used[layer]} used)`,
      });
    } else if (used.total + length > options.caps.total) {
      dropped.push({
        id: record.id,
        reason: `${length} characters do not fit the total cap of ${options.caps.total} (${used.total} used)`,
      });
    } else {
      used[layer] += length;
      used.total += length;
      fitting.push(memory);
    }
  }

  for (const { record } of fitting.slice(options.limit)) {
    dropped.push({ id: record.id, reason: limitReason(options.limit) });
  }
  const degradations = [...scanned.degradations, ...rerankDegradations];
  if (
    scanned.memories.length === 0 &&
    cue.trim().length > 0 &&
    rankedByWordsAlone(scanned.degradations)
  ) {
    degradations.push({
      code: DegradationCode.cueMatchedNothing,
      detail:
        "recall could only match the cue's words (the store ranked without vectors) and no memory shares one with it: a memory saying the same in other words was not found; pinned facts come back whatever the cue, and a store with an embedder finds the others",
    });
  }
  return {
    memories: fitting.slice(0, options.limit),
    dropped,
    degradations,
  };
}

/** Each candidate with the relevance its floor applies to: the scorer's, or the store's without one. */
async function score(
  scorer: RelevanceScorer | undefined,
  cue: string,
  candidates: readonly { record: MemoryRecord; relevance: number; place: number }[],
): Promise<ScoredCandidate[]> {
  const scores =
    scorer && candidates.length > 0
      ? await scorer(
          cue,
          candidates.map(({ record }) => record),
        )
      : undefined;
  return candidates.map(({ record, relevance, place }, index) => ({
    record,
    relevance: scores ? (scores[index] as number) : relevance,
    storeRelevance: relevance,
    storePlace: place,
  }));
}
