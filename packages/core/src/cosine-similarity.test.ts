import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from './cosine-similarity.js';
import { similarityOf } from './similarity-of.js';

describe('cosineSimilarity', () => {
  it('is 1 for one direction, -1 for the opposite, 0 across or for a zero vector', () => {
    const right = Float32Array.of(3, 4);
    expect(cosineSimilarity(Float32Array.of(6, 8), right)).toBeCloseTo(1, 6);
    expect(cosineSimilarity(Float32Array.of(-3, -4), right)).toBeCloseTo(-1, 6);
    expect(cosineSimilarity(Float32Array.of(4, -3), right)).toBeCloseTo(0, 6);
    expect(cosineSimilarity(Float32Array.of(0, 0), right)).toBe(0);
  });
});

describe('similarityOf', () => {
  it('brings a cosine rounding left outside -1..1 back, and keeps the others', () => {
    expect(similarityOf(1.0000001)).toBe(1);
    expect(similarityOf(-1.0000001)).toBe(-1);
    expect(similarityOf(0.25)).toBe(0.25);
  });
});
