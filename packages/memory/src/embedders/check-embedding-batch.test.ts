import { MemoryUnavailable } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { checkEmbeddingBatch } from './check-embedding-batch.js';

const expected = { model: 'm', count: 2, dimensions: 3 };

/** The message `checkEmbeddingBatch` refuses `vectors` with. */
function refusal(vectors: unknown): string {
  try {
    checkEmbeddingBatch(vectors as Float32Array[], expected);
  } catch (error) {
    expect(MemoryUnavailable.isInstance(error)).toBe(true);
    return (error as MemoryUnavailable).message;
  }
  throw new Error('expected a refusal');
}

describe('checkEmbeddingBatch', () => {
  it('answers a batch of finite vectors of the right count and length unchanged', () => {
    const vectors = [Float32Array.from([0, -1, 3.4e38]), new Float32Array(3)];
    expect(checkEmbeddingBatch(vectors, expected)).toBe(vectors);
  });

  it('refuses the wrong count, a hole, and a vector of the wrong length, saying which', () => {
    expect(refusal(undefined)).toBe('the embedder "m" answered something other than a list');
    expect(refusal([new Float32Array(3)])).toBe('the embedder "m" answered 1 vectors for 2 texts');
    expect(refusal([new Float32Array(3), undefined])).toBe(
      'the embedder "m" answered vector 2 of 2 with no dimensions, not 3',
    );
    expect(refusal([new Float32Array(4), new Float32Array(3)])).toBe(
      'the embedder "m" answered vector 1 of 2 with 4 dimensions, not 3',
    );
  });

  it('refuses NaN, infinities and values that are not numbers, saying where', () => {
    for (const [value, shown] of [
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [Number.NEGATIVE_INFINITY, '-Infinity'],
      ['0.5', 'a string'],
    ] as const) {
      expect(refusal([new Float32Array(3), [0, 0, value]])).toBe(
        `the embedder "m" answered vector 2 of 2 with a non-finite value (${shown}) at dimension 3`,
      );
    }
  });
});
