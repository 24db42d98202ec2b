import { createLocalEmbedder } from '@symfonic/memory';
import { describe, expect, it } from 'vitest';
import { concatenateEmbedders } from './concatenate-embedders.js';
import { createHashedNgramEmbedder } from './hashed-ngram-embedder.js';
import { createWordVectorEmbedder } from './word-vector-embedder.js';
import type { WordVectors } from './word-vectors.js';

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}

/** Three words in two dimensions: dog and puppy close, bread apart. */
const table: WordVectors = (() => {
  const words = ['dog', 'puppy', 'bread'];
  const rows = [
    [1, 0],
    [0.8, 0.6],
    [0, 1],
  ];
  return {
    name: 'tiny',
    dimensions: 2,
    size: words.length,
    rowOf: (word: string) => {
      const row = words.indexOf(word);
      return row === -1 ? undefined : row;
    },
    matrix: Float32Array.from(rows.flat()),
  };
})();

describe('createHashedNgramEmbedder', () => {
  it('with the shipped settings is exactly the local embedder of @symfonic/memory', async () => {
    const texts = ['Allergic to peanuts', 'I adopted a beagle named Pepper.', 'ÇA VA ?'];
    const shipped = await createLocalEmbedder().embed(texts);
    const rebuilt = await createHashedNgramEmbedder({
      dimensions: 384,
      wordWeight: 1,
      ngramWeight: 0.5,
      ngramSizes: [3],
      dropStopWords: false,
      stem: false,
    }).embed(texts);
    expect(rebuilt.map((vector) => Array.from(vector))).toEqual(
      shipped.map((vector) => Array.from(vector)),
    );
  });

  it('drops stop words and stems when asked', async () => {
    const embedder = createHashedNgramEmbedder({
      dimensions: 256,
      wordWeight: 1,
      ngramWeight: 0,
      ngramSizes: [3],
      dropStopWords: true,
      stem: true,
    });
    const [adopted, adopt] = await embedder.embed(['the adopted', 'adopt']);
    expect(dot(adopted as Float32Array, adopt as Float32Array)).toBeCloseTo(1, 6);
  });
});

describe('createWordVectorEmbedder', () => {
  it('averages known words, leaving out stop words and unknown words', async () => {
    const embedder = createWordVectorEmbedder(table);
    const [dog, puppy, bread, nothing] = await embedder.embed([
      'the dog',
      'a puppy!',
      'bread',
      'the zebra',
    ]);
    expect(dot(dog as Float32Array, puppy as Float32Array)).toBeCloseTo(0.8, 6);
    expect(dot(dog as Float32Array, bread as Float32Array)).toBeCloseTo(0, 6);
    expect(Array.from(nothing as Float32Array)).toEqual([0, 0]);
  });

  it('weighs frequent words less with smooth inverse frequency', async () => {
    const [mixed] = await createWordVectorEmbedder(table, { smoothing: 0.1 }).embed(['dog bread']);
    // "dog" (rank 0) is the most frequent word: the mix leans towards "bread".
    expect((mixed as Float32Array)[1]).toBeGreaterThan((mixed as Float32Array)[0] as number);
  });
});

describe('concatenateEmbedders', () => {
  it('answers vectors whose cosine is the share-weighted sum of the parts cosines', async () => {
    const words = createWordVectorEmbedder(table);
    const ngrams = createLocalEmbedder({ dimensions: 64 });
    const both = concatenateEmbedders([
      { embedder: words, share: 3 },
      { embedder: ngrams, share: 1 },
    ]);
    expect(both.dimensions).toBe(66);
    const [left, right] = await both.embed(['dog', 'puppy']);
    const [wordLeft, wordRight] = await words.embed(['dog', 'puppy']);
    const [gramLeft, gramRight] = await ngrams.embed(['dog', 'puppy']);
    const expected =
      0.75 * dot(wordLeft as Float32Array, wordRight as Float32Array) +
      0.25 * dot(gramLeft as Float32Array, gramRight as Float32Array);
    expect(dot(left as Float32Array, right as Float32Array)).toBeCloseTo(expected, 6);
    expect(() => concatenateEmbedders([])).toThrow(RangeError);
    expect(() => concatenateEmbedders([{ embedder: words, share: 0 }])).toThrow(RangeError);
  });
});
