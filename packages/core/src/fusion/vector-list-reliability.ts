import type { FusionWeights } from '../fusion-weights.js';

/**
 * The place of a vector ranking whose similarity {@link vectorListReliability}
 * compares with the first one's: the depth recall is judged at.
 */
export const vectorMarginPlace = 10;

/**
 * The cosine margin between a vector ranking's first and
 * {@link vectorMarginPlace}th memories at and above which the ranking votes
 * with its whole weight. Below it, the ranking's weight shrinks in
 * proportion: a vector list whose first ten are nearly level (the usual
 * answer of word vectors to a question that names a person and little
 * else) orders its places by noise, and fused at full weight it pushed
 * memories that full text found among level matches out of the first ten.
 * Measured on word vectors, whose cosines of unrelated sentences sit close
 * together; why this value, with the evaluation figures: the decision record
 * on hybrid fusion by list reliability (`docs/decisions`).
 */
export const vectorFullWeightMargin = 0.12;

/**
 * How much a vector ranking can be trusted for one cue, from its own
 * similarities: `(s₁ − s_m) / fullWeightMargin`, clipped to [0, 1],
 * where `s₁` is the first memory's cosine and `s_m` the cosine at
 * {@link vectorMarginPlace} (or at the last place of a shorter list).
 * A list of one memory has nothing to be compared with and is trusted
 * whole; an empty list is trusted not at all.
 *
 * @param similarities the ranking's cosines, best first.
 * @param fullWeightMargin the margin at which the list votes whole: its
 *   embedder's `fusionMargin`, {@link vectorFullWeightMargin} by default.
 * @returns a number in [0, 1]; never throws (a non-finite margin counts as 0).
 */
export function vectorListReliability(
  similarities: readonly number[],
  fullWeightMargin: number = vectorFullWeightMargin,
): number {
  if (similarities.length === 0) return 0;
  if (similarities.length === 1) return 1;
  const first = similarities[0] as number;
  const compared = similarities[Math.min(vectorMarginPlace, similarities.length) - 1] as number;
  const margin = (first - compared) / fullWeightMargin;
  return Number.isFinite(margin) ? Math.min(1, Math.max(0, margin)) : 0;
}

/**
 * The weights one hybrid ranking fuses by: the store's, with the vector
 * weight scaled by {@link vectorListReliability} of this cue's vector
 * ranking, at the weights' `vectorMargin` (the embedder's `fusionMargin`)
 * when they carry one. Every fusion (both stores, and recall over a store
 * that ranked by words alone) takes its weights from here.
 *
 * @param similarities the vector ranking's cosines, best first.
 * @returns new weights; never throws.
 */
export function hybridWeights(
  weights: FusionWeights,
  similarities: readonly number[],
): FusionWeights {
  return {
    lexical: weights.lexical,
    vector: weights.vector * vectorListReliability(similarities, weights.vectorMargin),
  };
}
