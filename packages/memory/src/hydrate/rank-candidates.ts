import type { MemoryRecord } from '@symfonic/core';
import type { RecallOptions } from './recall-options.js';

const dayInMilliseconds = 86_400_000;

/** A candidate with the relevance the gates saw and the score it was ranked by. */
export interface RankedMemory {
  readonly record: MemoryRecord;
  /** The relevance the floor was applied to (the store's, or cosine with an embedder). */
  readonly relevance: number;
  /**
   * The ranking score: the weighted sum of the rescaled relevance it was
   * ranked by (see `rankingRelevance`, or the reranker's score for a reranked
   * memory, see `rerankCandidates`), salience and recency.
   */
  readonly score: number;
  /** The reranker's score, on its own scale, when recall reranked this memory; absent otherwise. */
  readonly rerankScore?: number;
}

/**
 * Rank candidates best first by
 * `weights.relevance * r + weights.salience * salience + weights.recency * 0.5 ^ (age / halfLife)`,
 * where `r` is `rankBy` (the relevance when absent) rescaled to 0..1 over
 * these candidates (relevance scales differ between stores; the rescaling
 * keeps the weights meaningful)
 * and `age` runs from the memory's `updatedAt` to `now` (a corrected fact is
 * fresh). Equal scores are ordered by id, so the order never depends on the
 * order the store answered in.
 *
 * @returns a new array; `[]` for no candidates; never throws.
 */
export function rankCandidates(
  candidates: readonly {
    readonly record: MemoryRecord;
    readonly relevance: number;
    readonly rankBy?: number;
  }[],
  options: Pick<RecallOptions, 'halfLifeDays' | 'weights'>,
  now: Date,
): RankedMemory[] {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const { relevance, rankBy = relevance } of candidates) {
    lowest = Math.min(lowest, rankBy);
    highest = Math.max(highest, rankBy);
  }
  const spread = highest - lowest;
  const halfLife = options.halfLifeDays * dayInMilliseconds;
  const { weights } = options;
  const ranked = candidates.map(({ record, relevance, rankBy = relevance }) => {
    const rescaled = spread > 0 ? (rankBy - lowest) / spread : 1;
    const age = Math.max(0, now.getTime() - record.updatedAt.getTime());
    const recency = 0.5 ** (age / halfLife);
    const score =
      weights.relevance * rescaled + weights.salience * record.salience + weights.recency * recency;
    return { record, relevance, score };
  });
  return ranked.sort(
    (left, right) =>
      right.score - left.score ||
      (left.record.id < right.record.id ? -1 : left.record.id > right.record.id ? 1 : 0),
  );
}
