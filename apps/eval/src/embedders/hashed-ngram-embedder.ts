import { type EmbeddingProvider, featureHash } from '@symfonic/core';
import { stemmer } from 'stemmer';
import { eng as englishStopWords } from 'stopword';

const word = /[\p{L}\p{N}]+/gu;
const stopWords = new Set(englishStopWords);

/** Options of {@link createHashedNgramEmbedder}: the knobs the experiments turn. */
export interface HashedNgramEmbedderOptions {
  readonly dimensions: number;
  /** Weight of a whole-word feature. */
  readonly wordWeight: number;
  /** Weight of each character n-gram feature. */
  readonly ngramWeight: number;
  /** The n-gram lengths, e.g. `[3]` or `[3, 4]`. */
  readonly ngramSizes: readonly number[];
  /** Leave English stop words out. */
  readonly dropStopWords: boolean;
  /** Hash the Porter stem of each word instead of the word itself. */
  readonly stem: boolean;
}

/** The settings under which {@link createHashedNgramEmbedder} is `createLocalEmbedder()` of `@symfonic/memory`. */
export const shippedLocalEmbedderSettings: HashedNgramEmbedderOptions = {
  dimensions: 384,
  wordWeight: 1,
  ngramWeight: 0.5,
  ngramSizes: [3],
  dropStopWords: false,
  stem: false,
};

/**
 * The local embedder's algorithm with its knobs exposed, for the experiments
 * that chose the shipped settings: words and their character n-grams
 * (padded with a space each side) feature-hashed into signed buckets, then
 * scaled to unit length. With `{ dimensions: 384, wordWeight: 1,
 * ngramWeight: 0.5, ngramSizes: [3], dropStopWords: false, stem: false }` it
 * is `symfonic-local-ngram-v1-384` of `@symfonic/memory`.
 *
 * @returns an embedding provider that never throws and never reaches the network.
 */
export function createHashedNgramEmbedder(options: HashedNgramEmbedderOptions): EmbeddingProvider {
  const { dimensions } = options;
  const add = (vector: Float32Array, feature: string, weight: number) => {
    const hashed = featureHash(feature);
    const sign = hashed & 0x80000000 ? -1 : 1;
    const index = (hashed & 0x7fffffff) % dimensions;
    vector[index] = (vector[index] as number) + sign * weight;
  };
  const embedOne = (text: string) => {
    const vector = new Float32Array(dimensions);
    for (const token of text.normalize('NFKC').toLowerCase().match(word) ?? []) {
      if (options.dropStopWords && stopWords.has(token)) continue;
      const term = options.stem ? stemmer(token) : token;
      add(vector, `w:${term}`, options.wordWeight);
      const padded = ` ${token} `;
      for (const size of options.ngramSizes) {
        for (let start = 0; start + size <= padded.length; start += 1) {
          add(vector, `c:${padded.slice(start, start + size)}`, options.ngramWeight);
        }
      }
    }
    let squares = 0;
    for (const value of vector) squares += value * value;
    if (squares > 0) {
      const scale = 1 / Math.sqrt(squares);
      for (let index = 0; index < dimensions; index += 1) {
        vector[index] = (vector[index] as number) * scale;
      }
    }
    return vector;
  };
  const name = [
    `ngram${options.ngramSizes.join('')}`,
    `w${options.wordWeight}`,
    `c${options.ngramWeight}`,
    options.dropStopWords ? 'nostop' : 'stop',
    options.stem ? 'stem' : 'surface',
    String(dimensions),
  ].join('-');
  return { model: name, dimensions, embed: async (texts) => texts.map(embedOne) };
}
