import { createLocalEmbedder } from '@symfonic/memory';
import { createWordVectorEmbedder, createWordVectorTable } from '@symfonic/memory/word-vectors';
import { describe, expect, it } from 'vitest';
import { concatenateEmbedders } from './concatenate-embedders.js';
import {
  createHashedNgramEmbedder,
  shippedLocalEmbedderSettings,
} from './hashed-ngram-embedder.js';

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}

/** Three words in two dimensions: dog and puppy close, bread apart. */
const table = createWordVectorTable({
  name: 'tiny',
  words: ['dog', 'puppy', 'bread'],
  vectors: [1, 0, 0.8, 0.6, 0, 1],
  dimensions: 2,
});

describe('createHashedNgramEmbedder', () => {
  it('with the shipped settings is exactly the local embedder of @symfonic/memory', async () => {
    const texts = ['Allergic to peanuts', 'I adopted a beagle named Pepper.', 'ÇA VA ?'];
    const shipped = await createLocalEmbedder().embed(texts);
    const rebuilt = await createHashedNgramEmbedder(shippedLocalEmbedderSettings).embed(texts);
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

describe('concatenateEmbedders', () => {
  it('answers vectors whose cosine is the share-weighted sum of the parts cosines', async () => {
    const words = createWordVectorEmbedder(table, { commonDirections: 0 });
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
