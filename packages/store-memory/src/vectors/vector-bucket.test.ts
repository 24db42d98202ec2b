import { describe, expect, it } from 'vitest';
import { VectorBucket } from './vector-bucket.js';

function similarities(bucket: VectorBucket, query: number[]): Record<string, number> {
  const seen: Record<string, number> = {};
  bucket.scan(Float32Array.from(query), (id, similarity) => {
    seen[id] = similarity;
  });
  return seen;
}

describe('VectorBucket', () => {
  it('scans every row with its dot product, for any length (unrolled or not)', () => {
    const bucket = new VectorBucket('user:1/', 'semantic', 5);
    bucket.set('a', Float32Array.from([1, 0, 0, 0, 0]));
    bucket.set('b', Float32Array.from([0, 0, 0, 0, 1]));
    expect(similarities(bucket, [0.5, 0, 0, 0, 0.25])).toEqual({ a: 0.5, b: 0.25 });
  });

  it('replaces a row, removes rows by moving the last one in, and grows past its first capacity', () => {
    const bucket = new VectorBucket('', 'episodic', 2);
    for (let index = 0; index < 40; index += 1)
      bucket.set(`m${index}`, Float32Array.from([index, 1]));
    bucket.set('m3', Float32Array.from([-1, 0]));
    bucket.delete('m0');
    bucket.delete('unknown');
    expect(bucket.size).toBe(39);
    const seen = similarities(bucket, [1, 0]);
    expect(seen.m0).toBeUndefined();
    expect(seen.m3).toBe(-1);
    expect(seen.m39).toBe(39);
    expect(Object.keys(seen)).toHaveLength(39);
  });
});
