/**
 * The position of the first value of `vector` that is not a finite number
 * (NaN, an infinity, or not a number at all), so an embedder's answer is
 * refused before a NaN makes every similarity with it NaN, stored for good.
 *
 * @returns the 0-based position, or -1 when every value is finite; never throws.
 */
export function firstNonFinite(vector: ArrayLike<unknown>): number {
  for (let position = 0; position < vector.length; position += 1) {
    if (!Number.isFinite(vector[position])) return position;
  }
  return -1;
}
