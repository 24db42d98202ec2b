/** One ranking of turns, best first, with the scores its store gave them. */
export interface TurnRanking {
  readonly turnIds: readonly string[];
  readonly scores: readonly number[];
}

/** How {@link fuseTurnRankings} combines rankings. */
export type FusionMethod =
  /** Weighted reciprocal rank fusion: a turn at rank r of list i earns weights[i] / (k + r). */
  | { readonly kind: 'reciprocal-rank'; readonly k: number; readonly weights: readonly number[] }
  /**
   * Convex combination of scores, each list's scores divided by its top
   * score: `lexicalShare × text + (1 − lexicalShare) × vectors` (two lists).
   */
  | { readonly kind: 'convex'; readonly lexicalShare: number };

/**
 * Fuse rankings of the same turns outside any store, to try fusion settings
 * on rankings a store produced once: the store's own fusion, with
 * `{ kind: 'reciprocal-rank', k: 10, weights: [1, 1] }`, orders the same way
 * (ties aside).
 *
 * @returns every turn of every list once, best first; never throws.
 */
export function fuseTurnRankings(
  rankings: readonly TurnRanking[],
  method: FusionMethod,
): { turnIds: string[]; scores: number[] } {
  const fused = new Map<string, number>();
  rankings.forEach((ranking, list) => {
    const top = Math.max(...ranking.scores, Number.MIN_VALUE);
    ranking.turnIds.forEach((turnId, index) => {
      const earned =
        method.kind === 'reciprocal-rank'
          ? (method.weights[list] ?? 1) / (method.k + index + 1)
          : (list === 0 ? method.lexicalShare : 1 - method.lexicalShare) *
            ((ranking.scores[index] ?? 0) / top);
      fused.set(turnId, (fused.get(turnId) ?? 0) + earned);
    });
  });
  const ordered = [...fused.entries()].sort((left, right) => right[1] - left[1]);
  return {
    turnIds: ordered.map(([turnId]) => turnId),
    scores: ordered.map(([, score]) => score),
  };
}
