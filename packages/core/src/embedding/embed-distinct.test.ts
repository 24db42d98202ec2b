import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { MemoryUnavailable } from '../errors/memory-unavailable.js';
import { embedDistinct } from './embed-distinct.js';

const embedder = { model: 'm', dimensions: 2 };

describe('embedDistinct', () => {
  it('sends each distinct text once and answers one vector per text, in order, never shared', async () => {
    const sent: string[][] = [];
    const vectors = await embedDistinct(['tea', 'coffee', 'tea'], embedder, async (distinct) => {
      sent.push(distinct);
      return distinct.map((text) => Float32Array.from([text.length, 1]));
    });
    expect(sent).toEqual([['tea', 'coffee']]);
    expect(vectors.map((vector) => Array.from(vector))).toEqual([
      [3, 1],
      [6, 1],
      [3, 1],
    ]);
    expect(vectors[0]).not.toBe(vectors[2]);
  });

  it('answers [] without a call for no texts, and refuses anything but an array of strings', async () => {
    let called = false;
    const batch = async () => {
      called = true;
      return [];
    };
    expect(await embedDistinct([], embedder, batch)).toEqual([]);
    for (const texts of ['tea', [1], null]) {
      await expect(embedDistinct(texts as never, embedder, batch)).rejects.toSatisfy(
        InvalidMemoryInput.isInstance,
      );
    }
    expect(called).toBe(false);
  });

  it('refuses a batch checkEmbeddingBatch refuses, whole, and passes a failure on unchanged', async () => {
    await expect(
      embedDistinct(['a', 'b'], embedder, async () => [Float32Array.from([1, Number.NaN])]),
    ).rejects.toThrow(new MemoryUnavailable('the embedder "m" answered 1 vectors for 2 texts'));
    const failure = new Error('down');
    await expect(
      embedDistinct(['a'], embedder, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
