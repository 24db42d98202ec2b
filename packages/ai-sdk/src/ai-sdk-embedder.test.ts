import { InvalidMemoryInput, MemoryUnavailable } from '@symfonic/core';
import { MockEmbeddingModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAiSdkEmbedder } from './ai-sdk-embedder.js';

/** A model that embeds a text as [length, first code unit, 1], recording what it is asked. */
function lengthModel(options: { maxEmbeddingsPerCall?: number; failOn?: string } = {}) {
  const batches: string[][] = [];
  const model = new MockEmbeddingModelV3({
    provider: 'test-provider',
    modelId: 'length-v1',
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 100,
    doEmbed: async ({ values }) => {
      batches.push([...values]);
      if (options.failOn !== undefined && values.includes(options.failOn)) {
        throw new Error('HTTP 503 from the provider');
      }
      return {
        embeddings: values.map((value) => [value.length, value.charCodeAt(0) || 0, 1]),
        warnings: [],
      };
    },
  });
  return { model, batches };
}

describe('createAiSdkEmbedder', () => {
  it('embeds through embedMany, in order, named after the model', async () => {
    const { model } = lengthModel();
    const embedder = createAiSdkEmbedder({ model, dimensions: 3 });
    expect(embedder.model).toBe('test-provider/length-v1');
    expect(embedder.dimensions).toBe(3);
    const vectors = await embedder.embed(['ab', 'c']);
    expect(vectors.map((vector) => Array.from(vector))).toEqual([
      [2, 97, 1],
      [1, 99, 1],
    ]);
    expect(vectors[0]).toBeInstanceOf(Float32Array);
  });

  it('sends each distinct text once per call', async () => {
    const { model, batches } = lengthModel();
    const embedder = createAiSdkEmbedder({ model, dimensions: 3, name: 'custom' });
    expect(embedder.model).toBe('custom');
    const vectors = await embedder.embed(['tea', 'coffee', 'tea', 'tea']);
    expect(batches).toEqual([['tea', 'coffee']]);
    expect(vectors.map((vector) => vector[0])).toEqual([3, 6, 3, 3]);
    expect(vectors[0]).not.toBe(vectors[2]);
  });

  it('splits a large batch to the model maximum', async () => {
    const { model, batches } = lengthModel({ maxEmbeddingsPerCall: 2 });
    const embedder = createAiSdkEmbedder({ model, dimensions: 3, maxRetries: 0 });
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await embedder.embed(texts);
    expect(batches).toHaveLength(3);
    expect(vectors.map((vector) => vector[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers no vector at all when part of the batch fails, with the cause', async () => {
    const { model, batches } = lengthModel({ maxEmbeddingsPerCall: 2, failOn: 'ccc' });
    const embedder = createAiSdkEmbedder({ model, dimensions: 3, maxRetries: 0 });
    const failure = await embedder.embed(['a', 'bb', 'ccc', 'dddd']).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as MemoryUnavailable).message).toBe(
      'the embedding model "test-provider/length-v1" failed',
    );
    expect(String((failure as MemoryUnavailable).cause)).toContain('HTTP 503');
    expect(batches.flat()).toContain('a');
  });

  it('refuses vectors of the wrong length as unavailable', async () => {
    const { model } = lengthModel();
    const embedder = createAiSdkEmbedder({ model, dimensions: 4 });
    await expect(embedder.embed(['a'])).rejects.toSatisfy(MemoryUnavailable.isInstance);
  });

  it('refuses a value that is not a finite 32-bit float as unavailable', async () => {
    for (const [value, shown] of [
      [Number.NaN, 'NaN'],
      [1e39, 'Infinity'],
    ] as const) {
      const model = new MockEmbeddingModelV3({
        doEmbed: async ({ values }) => ({
          embeddings: values.map((text) => (text === 'b' ? [1, value, 0] : [1, 0, 0])),
          warnings: [],
        }),
      });
      const embedder = createAiSdkEmbedder({ model, dimensions: 3, name: 'overflowing' });
      await expect(embedder.embed(['a', 'b', 'a'])).rejects.toThrow(
        new MemoryUnavailable(
          `the embedder "overflowing" answered vector 2 of 2 with a non-finite value (${shown}) at dimension 2`,
        ),
      );
    }
  });

  it('answers [] without a call for no texts, and refuses non-strings', async () => {
    const { model, batches } = lengthModel();
    const embedder = createAiSdkEmbedder({ model, dimensions: 3 });
    expect(await embedder.embed([])).toEqual([]);
    expect(batches).toEqual([]);
    await expect(embedder.embed([null as unknown as string])).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
  });

  it('refuses dimensions that are not a positive integer', () => {
    const { model } = lengthModel();
    expect(() => createAiSdkEmbedder({ model, dimensions: 0 })).toThrow(InvalidMemoryInput);
    expect(() => createAiSdkEmbedder({ model, dimensions: 2.5 })).toThrow(InvalidMemoryInput);
  });

  it('names a model given as a gateway id by that id', () => {
    expect(
      createAiSdkEmbedder({ model: 'openai/text-embedding-3-small', dimensions: 1536 }).model,
    ).toBe('openai/text-embedding-3-small');
  });
});
