import { reciprocalRankShare } from './reciprocal-rank.js';

/**
 * How much a memory's full-text score counts in a hybrid ranking, against
 * the full-text list's vote by place: a memory of the full-text list earns
 * `lexicalScoreShare × lexical weight × its score / the best score` beside
 * its reciprocal rank share. Reciprocal rank fusion alone weighs the first
 * place of a weak vector list like the first place of a strong full-text
 * one, and hears nothing of how far apart two full-text places are: with
 * memory contexts, vectors pushed full-text evidence out of the first ten.
 * The score keeps the memories that clearly hold the cue's words ahead.
 * It stays under 0.15, so a memory only a vector list of whole weight found
 * (see `hybridWeights`), first there, still ranks above the third full-text
 * place whatever the scores (a paraphrase is found when the words match only
 * weakly). Why 0.1, with the
 * evaluation figures: the decision record on hybrid fusion
 * (`docs/decisions`).
 */
export const lexicalScoreShare = 0.1;

/** Where a memory stands in the two rankings a store fuses. */
export interface HybridPlaces {
  /** Its place in the full-text ranking, 1 for the best; absent when that list lacks it. */
  readonly lexicalPlace?: number;
  /** Its full-text score, on the store's scale; counted only with `lexicalPlace`. */
  readonly lexicalScore?: number;
  /** Its place in the vector ranking, 1 for the nearest; absent when that list lacks it. */
  readonly vectorPlace?: number;
}

/**
 * The relevance of a memory in a hybrid (full-text and vector) ranking,
 * the one rule of every store and of recall over a store that ranked by
 * words alone:
 *
 * `(wₗ × (share(pₗ) + lexicalScoreShare × s / s_best) + wᵥ × share(pᵥ)) /
 * (wₗ × (1 + lexicalScoreShare) + wᵥ)`, where `share(p)` is
 * `reciprocalRankShare(p) × (reciprocalRankConstant + 1)` (1 for a first
 * place, 0 for a list that lacks the memory) and `s / s_best` its full-text
 * score over the best full-text score of the ranking.
 *
 * A memory first in both lists with the best full-text score has relevance 1.
 *
 * @returns a number in [0, 1] (0 when both weights are 0); never throws.
 */
export function hybridRelevance(
  places: HybridPlaces,
  bestLexicalScore: number,
  weights: { readonly lexical: number; readonly vector: number },
): number {
  const firstPlace = reciprocalRankShare(1);
  const share = (place: number | undefined) =>
    place === undefined ? 0 : reciprocalRankShare(place) / firstPlace;
  const scored =
    places.lexicalPlace !== undefined && bestLexicalScore > 0
      ? Math.max(0, places.lexicalScore ?? 0) / bestLexicalScore
      : 0;
  const total = weights.lexical * (1 + lexicalScoreShare) + weights.vector;
  if (total <= 0) return 0;
  const earned =
    weights.lexical * (share(places.lexicalPlace) + lexicalScoreShare * scored) +
    weights.vector * share(places.vectorPlace);
  return Math.min(1, earned / total);
}
