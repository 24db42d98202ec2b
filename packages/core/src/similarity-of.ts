/**
 * A cosine similarity as a store reports it in `ScoredMemory.similarity`:
 * the value computed in single precision (a dot product of unit vectors, or
 * one less pgvector's cosine distance) brought back into -1..1, which
 * rounding can leave by a few units in the last place.
 *
 * @returns `cosine` clamped to -1..1; never throws.
 */
export function similarityOf(cosine: number): number {
  return Math.min(1, Math.max(-1, cosine));
}
