import type { TextVectors } from '@symfonic/core';

/** A copy of `vector` scaled to unit length (all zeros stays all zeros), so a dot product is its cosine. */
export function toUnitLength(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const norm = Math.sqrt(squares);
  const unit = new Float32Array(vector.length);
  if (norm === 0) return unit;
  for (let index = 0; index < vector.length; index += 1)
    unit[index] = (vector[index] as number) / norm;
  return unit;
}

/** Every vector of `vectors` scaled to unit length, by text. */
export function unitVectors(vectors: TextVectors): Map<string, Float32Array> {
  const unit = new Map<string, Float32Array>();
  for (const [text, vector] of vectors) unit.set(text, toUnitLength(vector));
  return unit;
}
