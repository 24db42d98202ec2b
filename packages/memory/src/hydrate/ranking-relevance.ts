import {
  type Degradation,
  DegradationCode,
  defaultFusionWeights,
  fuseRankings,
  type MemoryRecord,
} from '@symfonic/core';

/** The degradations by which a source says it ranked by full text alone. */
const lexicalOnlyCodes: ReadonlySet<string> = new Set([
  DegradationCode.noEmbedder,
  DegradationCode.noVectorIndex,
  DegradationCode.embeddingFailed,
]);

/** Whether a source's degradations say it ranked by full text alone (no vectors). */
export function rankedByWordsAlone(degradations: readonly Degradation[]): boolean {
  return degradations.some(({ code }) => lexicalOnlyCodes.has(code));
}

/** A candidate as recall scored it. */
export interface ScoredCandidate {
  readonly record: MemoryRecord;
  /** The relevance the floor applies to: the cosine with an embedder, else the store's. */
  readonly relevance: number;
  /** The store's own relevance. */
  readonly storeRelevance: number;
  /** The candidate's place in the store's answer, 0 for its best. */
  readonly storePlace: number;
}

/** A candidate and the relevance it is ranked by. */
export interface CandidateToRank {
  readonly record: MemoryRecord;
  readonly relevance: number;
  readonly rankBy: number;
}

/**
 * The relevance recall ranks candidates by, which is not always the one its
 * floor applies to:
 *
 * - without an embedder, the store's relevance;
 * - with one, when the store ranked with vectors, still the store's: its order
 *   already fuses full text and vectors, and ranking by cosine alone would
 *   throw the full-text evidence away;
 * - with one, when the store says it ranked by full text alone
 *   (`no-embedder`, `no-vector-index`, `embedding-failed`): the store's order
 *   (with its relevance as the full-text score) and the cosine order fused by
 *   core's `fuseRankings`, the rule every store fuses by, with the default
 *   weights and the scorer's `vectorMargin` (its embedder's `fusionMargin`),
 *   so recall over a store without vectors still ranks by both.
 *
 * What each choice gained on the evaluation harness is in the decision record
 * on retrieval quality.
 *
 * @param scorer the scorer that gave `relevance` its cosines, when there is one.
 * @returns one entry per candidate, in the order given; never throws.
 */
export function rankingRelevance(
  candidates: readonly ScoredCandidate[],
  storeDegradations: readonly Degradation[],
  scorer: { readonly vectorMargin?: number } | undefined,
): CandidateToRank[] {
  const storeRankedLexically = rankedByWordsAlone(storeDegradations);
  if (!scorer || !storeRankedLexically) {
    return candidates.map(({ record, relevance, storeRelevance }) => ({
      record,
      relevance,
      rankBy: storeRelevance,
    }));
  }
  const byStore = [...candidates].sort((left, right) => left.storePlace - right.storePlace);
  const byCosine = [...byStore].sort((left, right) => right.relevance - left.relevance);
  const fused = new Map(
    fuseRankings(
      {
        records: byStore.map(({ record }) => record),
        scores: byStore.map(({ storeRelevance }) => storeRelevance),
      },
      {
        records: byCosine.map(({ record }) => record),
        similarities: byCosine.map(({ relevance }) => relevance),
      },
      scorer.vectorMargin === undefined
        ? defaultFusionWeights
        : { ...defaultFusionWeights, vectorMargin: scorer.vectorMargin },
    ).map(({ record, relevance }) => [record.id, relevance]),
  );
  return candidates.map(({ record, relevance }) => ({
    record,
    relevance,
    rankBy: fused.get(record.id) as number,
  }));
}
