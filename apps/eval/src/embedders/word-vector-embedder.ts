import type { EmbeddingProvider } from '@symfonic/core';
import { eng as englishStopWords } from 'stopword';
import type { WordVectors } from './word-vectors.js';

const word = /[\p{L}\p{M}\p{N}]+/gu;
const stopWords = new Set(englishStopWords);

/** Options of {@link createWordVectorEmbedder}. */
export interface WordVectorEmbedderOptions {
  /**
   * Smooth-inverse-frequency weighting (Arora et al., 2017): a word of
   * probability p weighs a / (a + p), p estimated from its frequency rank
   * (Zipf). `undefined` averages the words with equal weight.
   */
  readonly smoothing?: number;
}

/**
 * An embedder that averages the word vectors of a text's words: NFKC, lower
 * case, words of any script, English stop words and words the table lacks
 * left out, each word weighted (by smooth inverse frequency when asked), the
 * sum scaled to unit length. Words with similar vectors ("puppy", "dog") make
 * texts similar with no word in common. A text of no known word embeds to
 * the zero vector (it matches nothing).
 *
 * @returns an embedding provider that never throws and never reaches the network.
 */
export function createWordVectorEmbedder(
  vectors: WordVectors,
  options: WordVectorEmbedderOptions = {},
): EmbeddingProvider {
  const { dimensions, matrix } = vectors;
  const harmonic = Math.log(vectors.size) + 0.5772;
  const weightOf = (row: number) => {
    if (options.smoothing === undefined) return 1;
    const probability = 1 / ((row + 1) * harmonic);
    return options.smoothing / (options.smoothing + probability);
  };
  const embedOne = (text: string) => {
    const vector = new Float32Array(dimensions);
    for (const token of text.normalize('NFKC').toLowerCase().match(word) ?? []) {
      if (stopWords.has(token)) continue;
      const row = vectors.rowOf(token);
      if (row === undefined) continue;
      const weight = weightOf(row);
      const offset = row * dimensions;
      for (let index = 0; index < dimensions; index += 1) {
        vector[index] = (vector[index] as number) + weight * (matrix[offset + index] as number);
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
  const weighting = options.smoothing === undefined ? 'mean' : `sif${options.smoothing}`;
  return {
    model: `${vectors.name}-${weighting}`,
    dimensions,
    embed: async (texts) => texts.map(embedOne),
  };
}
