import { type EmbeddingProvider, InvalidMemoryInput, MemoryUnavailable } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { describe, expect, it } from 'vitest';
import { memoryRecord } from '../__fixtures__/memory-records.js';
import { createLocalEmbedder } from '../embedders/local-embedder.js';
import { embeddingRelevance } from './embedding-relevance.js';

/** The local embedder, recording every batch it is asked to embed. */
function recording(inner: EmbeddingProvider = createLocalEmbedder()) {
  const batches: string[][] = [];
  const embedder: EmbeddingProvider = {
    model: inner.model,
    dimensions: inner.dimensions,
    embed: (texts) => {
      batches.push([...texts]);
      return inner.embed(texts);
    },
  };
  return { embedder, batches };
}

const tea = memoryRecord('a', 'The user drinks green tea');
const cat = memoryRecord('b', 'The user has a cat');
const sameText = memoryRecord('c', 'The user drinks green tea');

describe('embeddingRelevance', () => {
  it("names the embedder's model and carries its fusionMargin as vectorMargin, refusing a bad one", () => {
    const local = createLocalEmbedder();
    expect(embeddingRelevance(local).model).toBe(local.model);
    expect(embeddingRelevance(local).vectorMargin).toBe(local.fusionMargin);
    expect(embeddingRelevance(createTestEmbedder()).vectorMargin).toBeUndefined();
    for (const fusionMargin of [0, -1, Number.POSITIVE_INFINITY]) {
      expect(() => embeddingRelevance({ ...local, fusionMargin })).toThrow(InvalidMemoryInput);
    }
  });

  it('scores cosine similarity in one batch, each memory text embedded once across calls', async () => {
    const { embedder, batches } = recording();
    const score = embeddingRelevance(embedder);
    const first = await score('green tea', [tea, cat, sameText]);
    expect(first[0]).toBeGreaterThan(first[1] as number);
    expect(first[2]).toBe(first[0]);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThanOrEqual(1);
    }
    await score('a cat', [tea, cat]);
    expect(batches).toEqual([
      ['green tea', 'The user drinks green tea', 'The user has a cat'],
      ['a cat'],
    ]);
  });

  it('forgets the least recently used texts beyond its capacity', async () => {
    const { embedder, batches } = recording();
    const score = embeddingRelevance(embedder, 1);
    await score('q', [tea]);
    await score('q', [cat]);
    await score('q', [tea]);
    expect(batches.map((batch) => batch.slice(1))).toEqual([
      ['The user drinks green tea'],
      ['The user has a cat'],
      ['The user drinks green tea'],
    ]);
  });

  it('passes on an outage as MemoryUnavailable, and caches nothing from it', async () => {
    const test = createTestEmbedder();
    const score = embeddingRelevance(test);
    test.setAvailable(false);
    await expect(score('tea', [tea])).rejects.toSatisfy(MemoryUnavailable.isInstance);
    test.setAvailable(true);
    const calls = test.calls;
    await score('tea', [tea]);
    expect(test.calls).toBe(calls + 1);
  });

  it('refuses a non-finite vector as MemoryUnavailable, caches nothing, and recovers', async () => {
    for (const poison of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const local = createLocalEmbedder();
      let poisoned = true;
      const { embedder, batches } = recording({
        model: local.model,
        dimensions: local.dimensions,
        embed: async (texts) => {
          const vectors = await local.embed(texts);
          if (poisoned) (vectors[2] as Float32Array)[5] = poison;
          return vectors;
        },
      });
      const score = embeddingRelevance(embedder);
      const failure = await score('green tea', [tea, cat]).catch((error: unknown) => error);
      expect(MemoryUnavailable.isInstance(failure)).toBe(true);
      expect((failure as MemoryUnavailable).message).toBe(
        `the embedder "${local.model}" answered vector 3 of 3 with a non-finite value (${poison}) at dimension 6`,
      );
      poisoned = false;
      const scores = await score('green tea', [tea, cat]);
      expect(batches[1]).toEqual(batches[0]);
      expect(scores.every(Number.isFinite)).toBe(true);
      expect(scores[0]).toBeGreaterThan(scores[1] as number);
    }
  });

  it('refuses a batch with a vector missing, caching nothing from it', async () => {
    const local = createLocalEmbedder();
    let omit = true;
    const { embedder, batches } = recording({
      model: local.model,
      dimensions: local.dimensions,
      embed: async (texts) => {
        const vectors = await local.embed(texts);
        return omit ? vectors.slice(0, -1) : vectors;
      },
    });
    const score = embeddingRelevance(embedder);
    await expect(score('tea', [tea, cat])).rejects.toThrow(
      `the embedder "${local.model}" answered 2 vectors for 3 texts`,
    );
    omit = false;
    await score('tea', [tea, cat]);
    expect(batches[1]).toEqual(batches[0]);
  });

  it('turns an embedder failing with a foreign error into MemoryUnavailable, with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const broken: EmbeddingProvider = {
      model: 'broken',
      dimensions: 4,
      embed: async () => {
        throw cause;
      },
    };
    const failure = await embeddingRelevance(broken)('tea', [tea]).catch((error: unknown) => error);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as MemoryUnavailable).cause).toBe(cause);
  });

  it('refuses a batch of the wrong shape as MemoryUnavailable', async () => {
    const short: EmbeddingProvider = {
      model: 'short',
      dimensions: 4,
      embed: async (texts) => texts.map(() => new Float32Array(3)),
    };
    await expect(embeddingRelevance(short)('tea', [tea])).rejects.toSatisfy(
      MemoryUnavailable.isInstance,
    );
  });
});
