import { InvalidMemoryInput } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonDirections } from './common-directions.js';
import {
  createWordVectorEmbedder,
  type WordVectorEmbedderOptions,
  wordVectorEmbedderDefaults,
} from './word-vector-embedder.js';
import { createWordVectorTable, type WordVectorTable } from './word-vector-table.js';

/**
 * A hand-made table, most frequent first: every vector shares a large first
 * component (the common direction real word vectors have); the others carry
 * meaning: animals, money, shelter.
 */
const rows: Record<string, readonly number[]> = {
  the: [1, 0.1, 0.1, 0.1],
  dog: [1, 0.8, 0, 0.1],
  invoice: [1, 0, 0.8, 0],
  puppy: [1, 0.7, 0.05, 0.2],
  payment: [1, 0.05, 0.7, 0.1],
  beagle: [1, 0.75, 0, 0],
  shelter: [1, 0.3, 0, 0.8],
};

const table = createWordVectorTable({
  name: 'tiny-4d',
  words: Object.keys(rows),
  vectors: Object.values(rows).flat(),
  dimensions: 4,
});

function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}

async function embedOne(text: string, options?: WordVectorEmbedderOptions): Promise<Float32Array> {
  const [vector] = await createWordVectorEmbedder(table, options).embed([text]);
  return vector as Float32Array;
}

function refusal(options: WordVectorEmbedderOptions): unknown {
  try {
    createWordVectorEmbedder(table, options);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('createWordVectorEmbedder', () => {
  const embedder = createWordVectorEmbedder(table);

  it('answers one unit vector of the table dimensions per text, in order', async () => {
    expect(embedder.dimensions).toBe(4);
    const vectors = await embedder.embed(['my dog', 'an invoice', 'my dog']);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 6);
    }
    expect(Array.from(vectors[2] as Float32Array)).toEqual(Array.from(vectors[0] as Float32Array));
  });

  it('makes texts of similar words similar with no word in common, unrelated texts not', async () => {
    const [cue, paraphrase, unrelated] = await embedder.embed([
      'my dog',
      'a beagle puppy',
      'an invoice payment',
    ]);
    const near = dot(cue as Float32Array, paraphrase as Float32Array);
    const far = dot(cue as Float32Array, unrelated as Float32Array);
    expect(near).toBeGreaterThan(0.9);
    expect(far).toBeLessThan(0);
  });

  it('leaves stop words and unknown words out', async () => {
    const dog = await embedOne('dog');
    expect(Array.from(await embedOne('The dog, and a zebra!'))).toEqual(Array.from(dog));
    expect(Array.from(await embedOne('DOG'))).toEqual(Array.from(dog));
  });

  it('embeds a text with no known word, or only stop words, as the zero vector', async () => {
    const vectors = await embedder.embed(['', 'zebra giraffe', 'the', '?!  42']);
    for (const vector of vectors) expect(Array.from(vector)).toEqual([0, 0, 0, 0]);
  });

  it('uses the stop words it is given: custom ones, or none', async () => {
    expect(Array.from(await embedOne('dog payment', { stopWords: ['dog'] }))).toEqual(
      Array.from(await embedOne('payment', { stopWords: ['dog'] })),
    );
    const the = await embedOne('the', { stopWords: [] });
    expect(Math.sqrt(dot(the, the))).toBeCloseTo(1, 6);
  });

  it('removes the common directions: every vector is orthogonal to them', async () => {
    for (const count of [1, 2]) {
      const removed = commonDirections(
        table,
        count,
        wordVectorEmbedderDefaults.commonDirectionWords,
      );
      expect(removed).toHaveLength(count);
      for (const text of ['dog', 'invoice payment', 'my puppy from the shelter']) {
        const vector = await embedOne(text, { commonDirections: count });
        for (const direction of removed) expect(dot(vector, direction)).toBeCloseTo(0, 6);
      }
    }
    // Kept, the shared component dominates: unrelated words look alike.
    const [dog, invoice] = await createWordVectorEmbedder(table, { commonDirections: 0 }).embed([
      'dog',
      'invoice',
    ]);
    expect(dot(dog as Float32Array, invoice as Float32Array)).toBeGreaterThan(0.5);
  });

  it('weighs frequent words less, the more so the smaller the smoothing', async () => {
    const frequent = await embedOne('dog', { commonDirections: 0 });
    const rare = await embedOne('shelter', { commonDirections: 0 });
    const lean = async (smoothing: number) => {
      const both = await embedOne('dog shelter', { commonDirections: 0, smoothing });
      return dot(both, rare) - dot(both, frequent);
    };
    const sharp = await lean(1e-3);
    const flat = await lean(1e6);
    expect(sharp).toBeGreaterThan(0.05);
    expect(flat).toBeGreaterThanOrEqual(0);
    expect(flat).toBeLessThan(sharp);
  });

  it('names its model after the table and every option', () => {
    expect(embedder.model).toBe('tiny-4d-sif0.001-cd1x10000-eng');
    const named = (options: WordVectorEmbedderOptions) =>
      createWordVectorEmbedder(table, options).model;
    expect(named({ smoothing: 0.01, commonDirections: 2, commonDirectionWords: 50 })).toBe(
      'tiny-4d-sif0.01-cd2x50-eng',
    );
    expect(named({ stopWords: [] })).toBe('tiny-4d-sif0.001-cd1x10000-none');
    const custom = named({ stopWords: ['dog', 'the'] });
    expect(custom).toMatch(/^tiny-4d-sif0\.001-cd1x10000-[0-9a-f]{8}$/);
    expect(named({ stopWords: ['the', 'dog', 'the'] })).toBe(custom);
    expect(named({ stopWords: ['the'] })).not.toBe(custom);
  });

  it('embeds identical texts once and hands out separate copies', async () => {
    let lookups = 0;
    const counting: WordVectorTable = {
      ...table,
      rowOf: (word) => {
        lookups += 1;
        return table.rowOf(word);
      },
    };
    const [first, second, other] = await createWordVectorEmbedder(counting).embed([
      'dog shelter',
      'dog shelter',
      'invoice',
    ]);
    expect(lookups).toBe(3);
    expect(first).not.toBe(second);
    expect(Array.from(second as Float32Array)).toEqual(Array.from(first as Float32Array));
    (first as Float32Array)[0] = 42;
    expect((second as Float32Array)[0]).not.toBe(42);
    expect(other).not.toBe(first);
  });

  it('answers [] for no texts and refuses what is not a list of strings', async () => {
    expect(await embedder.embed([])).toEqual([]);
    await expect(embedder.embed(['dog', 7 as unknown as string])).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
    await expect(embedder.embed('dog' as unknown as string[])).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
  });

  it.each([
    ['smoothing 0', { smoothing: 0 }, /smoothing/],
    ['negative smoothing', { smoothing: -1 }, /smoothing/],
    ['NaN smoothing', { smoothing: Number.NaN }, /smoothing/],
    ['infinite smoothing', { smoothing: Number.POSITIVE_INFINITY }, /smoothing/],
    ['negative commonDirections', { commonDirections: -1 }, /commonDirections .* 0 to 4/],
    ['fractional commonDirections', { commonDirections: 1.5 }, /commonDirections/],
    ['more commonDirections than dimensions', { commonDirections: 5 }, /commonDirections/],
    ['commonDirectionWords 0', { commonDirectionWords: 0 }, /commonDirectionWords/],
    ['fractional commonDirectionWords', { commonDirectionWords: 2.5 }, /commonDirectionWords/],
    ['stopWords that are a string', { stopWords: 'the' as unknown as string[] }, /stopWords/],
    ['stopWords holding a number', { stopWords: [1] as unknown as string[] }, /stopWords/],
  ] as const)('refuses %s as InvalidMemoryInput', (_, options, message) => {
    const error = refusal(options);
    expect(InvalidMemoryInput.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('always answers a finite vector of unit or zero length, whatever the text', async () => {
    const words = fc.constantFrom(...Object.keys(rows), 'DOG', 'zebra', 'ｄｏｇ');
    const text = fc
      .array(fc.oneof(words, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), {
        maxLength: 6,
      })
      .map((parts) => parts.join(' '));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 4 }), async (texts) => {
        const vectors = await embedder.embed(texts);
        expect(vectors).toHaveLength(texts.length);
        for (const vector of vectors) {
          expect(vector.every(Number.isFinite)).toBe(true);
          const length = Math.sqrt(dot(vector, vector));
          expect(length === 0 || Math.abs(length - 1) < 1e-5).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
