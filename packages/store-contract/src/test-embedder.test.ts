import { MemoryUnavailable } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { createTestEmbedder } from './test-embedder.js';

function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  for (let index = 0; index < left.length; index += 1) {
    dot += (left[index] ?? 0) * (right[index] ?? 0);
  }
  return dot;
}

describe('createTestEmbedder', () => {
  it('answers one unit vector per text, of the declared length', async () => {
    const embedder = createTestEmbedder({ dimensions: 32 });
    const vectors = await embedder.embed(['likes tea', '', '...']);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(32);
      expect(cosine(vector, vector)).toBeCloseTo(1, 5);
    }
  });

  it('is deterministic across instances', async () => {
    const [first] = await createTestEmbedder().embed(['Grows tomatoes']);
    const [second] = await createTestEmbedder().embed(['Grows tomatoes']);
    expect(Array.from(first ?? [])).toEqual(Array.from(second ?? []));
  });

  it('brings a paraphrase with no shared word closer than an unrelated text', async () => {
    const embedder = createTestEmbedder();
    const [memory, paraphrase, unrelated] = await embedder.embed([
      'The user is allergic to peanuts',
      'Which nuts cause her a reaction?',
      'Plays tennis on Thursdays',
    ]);
    if (!memory || !paraphrase || !unrelated) throw new Error('expected three vectors');
    expect(cosine(memory, paraphrase)).toBeGreaterThan(0.9);
    expect(cosine(memory, unrelated)).toBeLessThan(0.5);
  });

  it('throws MemoryUnavailable during a simulated outage, and counts calls', async () => {
    const embedder = createTestEmbedder();
    embedder.setAvailable(false);
    await expect(embedder.embed(['x'])).rejects.toSatisfy(MemoryUnavailable.isInstance);
    embedder.setAvailable(true);
    await expect(embedder.embed(['x'])).resolves.toHaveLength(1);
    expect(embedder.calls).toBe(2);
  });

  it('refuses a dimension count that is not a positive integer', () => {
    expect(() => createTestEmbedder({ dimensions: 0 })).toThrow(RangeError);
    expect(() => createTestEmbedder({ dimensions: 2.5 })).toThrow(RangeError);
  });
});
