import { firstNonFinite, MemoryUnavailable } from '@symfonic/core';
import { checkAnswerCount } from '../check-answer-count.js';

/** What a batch of vectors must be: how many, how long, and whose (for the reason). */
export interface ExpectedEmbeddingBatch {
  /** The embedder's model name, quoted in the reason. */
  readonly model: string;
  /** How many texts were sent, so how many vectors must come back. */
  readonly count: number;
  /** The length of every vector. */
  readonly dimensions: number;
}

/**
 * Check an embedder's answer before anything uses it: exactly `count`
 * vectors, each `dimensions` long, every value a finite number. A vector of
 * NaN or infinity would not fail anything downstream on its own: every
 * similarity computed with it is NaN, which a floor or a ranking silently
 * mistakes for a score, and a cached vector would keep it wrong after the
 * embedder recovers. So a batch with any such vector is refused whole.
 *
 * @returns the vectors, unchanged, once they pass.
 * @throws MemoryUnavailable naming the first thing wrong (the count, the
 * position and length of a vector, or the position, value and dimension of a
 * non-finite value); never the texts.
 */
export function checkEmbeddingBatch(
  vectors: readonly Float32Array[],
  expected: ExpectedEmbeddingBatch,
): Float32Array[] {
  const { model, count, dimensions } = expected;
  checkAnswerCount(vectors, { answerer: `the embedder "${model}"`, items: 'vectors', count });
  for (let position = 0; position < count; position += 1) {
    const vector: Float32Array | undefined = vectors[position];
    const length = vector?.length;
    if (vector === undefined || length !== dimensions) {
      throw new MemoryUnavailable(
        `the embedder "${model}" answered vector ${position + 1} of ${count} with ${length ?? 'no'} dimensions, not ${dimensions}`,
      );
    }
    const dimension = firstNonFinite(vector);
    if (dimension !== -1) {
      const value: unknown = vector[dimension];
      const shown = typeof value === 'number' ? String(value) : `a ${typeof value}`;
      throw new MemoryUnavailable(
        `the embedder "${model}" answered vector ${position + 1} of ${count} with a non-finite value (${shown}) at dimension ${dimension + 1}`,
      );
    }
  }
  return vectors as Float32Array[];
}
