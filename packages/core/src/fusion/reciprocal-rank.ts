/**
 * The constant k of reciprocal rank fusion: a row at position p (1 for a
 * list's best) earns weight / (k + p). The method's authors use 60, which
 * lets rows that both lists hold somewhere in their middle outrank either
 * list's confident top rows; a smaller k lets a first place in one list
 * outweigh middling places in both. Why 10, with the evaluation figures: the
 * decision record on retrieval quality (`docs/decisions`). Every fusion uses
 * it, through `hybridRelevance`: both stores and recall over a store that
 * ranked by words alone; the PostgreSQL store's full-text-only ranking
 * interpolates it into its SQL.
 */
export const reciprocalRankConstant = 10;

/**
 * What a row at `position` of a ranking (1 for its best) earns in a
 * reciprocal rank fusion: `weight / (reciprocalRankConstant + position)`.
 *
 * @returns a number in [0, weight / 11] for positions from 1; never throws.
 */
export function reciprocalRankShare(position: number, weight = 1): number {
  return weight / (reciprocalRankConstant + position);
}
