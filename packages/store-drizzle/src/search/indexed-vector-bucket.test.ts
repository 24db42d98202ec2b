import { NearestRows } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexedVectorBucket, type VectorQuery } from './indexed-vector-bucket.js';
import { normOf } from './norm-of.js';
import type { IndexedMemory } from './read-indexed-memories.js';

/** A memory of the bucket's placement; only its id and placement are read. */
function memoryOf(id: string): IndexedMemory {
  return {
    row: { id, layer: 'semantic' },
    scopeKey: 'acme/user:1',
    ancestorKeys: ['acme/', 'acme/user:1'],
  } as unknown as IndexedMemory;
}

/**
 * The cosine as the read index computed it with one array per memory: the
 * reference the packed rows must equal bit for bit (the same single-precision
 * values, four running sums added in order, the same norms and clamp).
 */
function referenceCosine(vector: Float32Array, query: VectorQuery): number | undefined {
  const norm = normOf(vector);
  if (norm === 0 || query.norm === 0) return undefined;
  const length = query.values.length;
  const unrolled = length - (length % 4);
  const sums = [0, 0, 0, 0];
  let at = 0;
  for (; at < unrolled; at += 4) {
    for (let lane = 0; lane < 4; lane += 1) {
      sums[lane] =
        (sums[lane] as number) +
        (vector[at + lane] as number) * (query.values[at + lane] as number);
    }
  }
  for (; at < length; at += 1) {
    sums[0] = (sums[0] as number) + (vector[at] as number) * (query.values[at] as number);
  }
  const [sum0, sum1, sum2, sum3] = sums as [number, number, number, number];
  const cosine = (sum0 + sum1 + sum2 + sum3) / (norm * query.norm);
  return Math.min(1, Math.max(-1, cosine));
}

const component = fc.oneof(
  fc.double({ min: -1, max: 1, noNaN: true }),
  fc.constantFrom(0, 1e-30, -3.4e38, 0.1),
);

describe('IndexedVectorBucket', () => {
  it('answers what one array per memory answered, through adds and deletes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }).chain((dimensions) =>
          fc.record({
            dimensions: fc.constant(dimensions),
            steps: fc.array(
              fc.oneof(
                fc.record({
                  add: fc.nat({ max: 11 }),
                  vector: fc.oneof(
                    fc.array(component, { minLength: dimensions, maxLength: dimensions }),
                    fc.constant(new Array<number>(dimensions).fill(0)),
                  ),
                }),
                fc.record({ remove: fc.nat({ max: 11 }) }),
              ),
              { maxLength: 30 },
            ),
            query: fc.array(component, { minLength: dimensions, maxLength: dimensions }),
            capacity: fc.nat({ max: 4 }),
            window: fc.integer({ min: 1, max: 6 }),
          }),
        ),
        ({ dimensions, steps, query: queryValues, capacity, window }) => {
          const memories = Array.from({ length: 12 }, (_, at) => memoryOf(`m${at}`));
          const bucket = new IndexedVectorBucket(
            memories[0] as IndexedMemory,
            dimensions,
            capacity,
          );
          const held = new Map<IndexedMemory, Float32Array>();
          for (const step of steps) {
            if ('add' in step) {
              const memory = memories[step.add] as IndexedMemory;
              if (held.has(memory)) continue;
              bucket.add(memory, step.vector);
              held.set(memory, Float32Array.from(step.vector));
            } else {
              const memory = memories[step.remove] as IndexedMemory;
              bucket.delete(memory);
              held.delete(memory);
            }
          }
          expect(bucket.size).toBe(held.size);
          const values = Float32Array.from(queryValues);
          const query = { values, norm: normOf(values) };
          const expected = new NearestRows(window);
          for (const memory of memories) {
            const vector = held.get(memory);
            const similarity = vector && referenceCosine(vector, query);
            expect(bucket.similarity(memory, query)).toBe(similarity);
            if (similarity !== undefined) expected.offer(memory.row.id, similarity);
          }
          const nearest = new NearestRows(window);
          bucket.offerAll(query, nearest);
          expect(nearest.take()).toEqual(expected.take());
        },
      ),
    );
  });

  it('refuses a vector or a query of other dimensions with a TypeError', () => {
    const memory = memoryOf('m0');
    const bucket = new IndexedVectorBucket(memory, 3, 1);
    expect(() => bucket.add(memory, [1, 2])).toThrow(TypeError);
    bucket.add(memory, [1, 2, 3]);
    const values = Float32Array.from([1, 2]);
    const query = { values, norm: normOf(values) };
    expect(() => bucket.offerAll(query, new NearestRows(1))).toThrow(TypeError);
    expect(() => bucket.similarity(memory, query)).toThrow(TypeError);
  });

  it('is empty once it holds no row and counts no memory without a vector', () => {
    const memory = memoryOf('m0');
    const bucket = new IndexedVectorBucket(memory, 2, 0);
    bucket.unembedded += 1;
    expect(bucket.empty).toBe(false);
    bucket.unembedded -= 1;
    bucket.add(memory, [1, 0]);
    expect(bucket.empty).toBe(false);
    bucket.delete(memory);
    expect(bucket.empty).toBe(true);
  });
});
