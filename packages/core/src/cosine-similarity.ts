/**
 * The cosine similarity of two vectors of one length, -1 to 1 (up to
 * rounding): their dot product over the product of their norms, 0 when either
 * is all zeros.
 *
 * @returns the similarity; never throws (a shorter `right` reads as zeros past its end).
 */
export function cosineSimilarity(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index] as number;
    const b = (right[index] ?? 0) as number;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}
