import {
  type EmbeddingProvider,
  embedDistinct,
  featureHash,
  InvalidMemoryInput,
} from '@symfonic/core';
import { eng as englishStopWords } from 'stopword';
import { commonDirections } from './common-directions.js';
import type { WordVectorTable } from './word-vector-table.js';

/** Options of {@link createWordVectorEmbedder}; every one changes the model name. */
export interface WordVectorEmbedderOptions {
  /**
   * `a` of smooth inverse frequency: a word of probability p weighs
   * a / (a + p), so frequent words count for little; p is estimated from the
   * word's frequency rank r among n words by Zipf's law, 1 / (r · H(n)).
   * A positive finite number; default 0.001.
   */
  readonly smoothing?: number;
  /**
   * How many common directions of the table (see `commonDirections`) are
   * removed from every vector: an integer from 0 to the table's dimensions;
   * default 1.
   */
  readonly commonDirections?: number;
  /** How many of the most frequent words the common directions are found among; default 10,000. */
  readonly commonDirectionWords?: number;
  /**
   * Words left out of every text, lower case; default the English list of
   * the `stopword` package. `[]` keeps every word.
   */
  readonly stopWords?: readonly string[];
}

/** The defaults of {@link WordVectorEmbedderOptions}, chosen on `apps/eval` (see its decision record). */
export const wordVectorEmbedderDefaults = {
  smoothing: 1e-3,
  commonDirections: 1,
  commonDirectionWords: 10_000,
} as const;

const word = /[\p{L}\p{M}\p{N}]+/gu;
/** Euler–Mascheroni: H(n) ≈ ln n + γ. */
const eulerGamma = 0.5772156649;

function stopWordsTag(stopWords: readonly string[] | undefined): string {
  if (stopWords === undefined) return 'eng';
  if (stopWords.length === 0) return 'none';
  const listed = [...new Set(stopWords)].sort().join('\n');
  return featureHash(listed).toString(16).padStart(8, '0');
}

function checkOptions(table: WordVectorTable, options: WordVectorEmbedderOptions) {
  const smoothing = options.smoothing ?? wordVectorEmbedderDefaults.smoothing;
  const directions = options.commonDirections ?? wordVectorEmbedderDefaults.commonDirections;
  const directionWords =
    options.commonDirectionWords ?? wordVectorEmbedderDefaults.commonDirectionWords;
  if (!(Number.isFinite(smoothing) && smoothing > 0)) {
    throw new InvalidMemoryInput(
      'invalid word vector embedder: smoothing must be a positive number',
    );
  }
  if (!Number.isInteger(directions) || directions < 0 || directions > table.dimensions) {
    throw new InvalidMemoryInput(
      `invalid word vector embedder: commonDirections must be an integer from 0 to ${table.dimensions}`,
    );
  }
  if (!Number.isInteger(directionWords) || directionWords < 1) {
    throw new InvalidMemoryInput(
      'invalid word vector embedder: commonDirectionWords must be a positive integer',
    );
  }
  if (
    options.stopWords !== undefined &&
    (!Array.isArray(options.stopWords) ||
      options.stopWords.some((stopWord) => typeof stopWord !== 'string'))
  ) {
    throw new InvalidMemoryInput(
      'invalid word vector embedder: stopWords must be a list of strings',
    );
  }
  return { smoothing, directions, directionWords };
}

/**
 * An embedder that needs no network and no model beyond a table of word
 * vectors: it finds meaning shared without shared words ("the puppy she
 * rescued" and "I adopted a beagle from the shelter"), which hashed n-grams
 * cannot. A text is NFKC-normalised, lower-cased and split into words (runs
 * of letters, marks and digits); stop words and words the table lacks are
 * left out; the rest are summed, each weighted by smooth inverse frequency;
 * the table's common directions are removed from the sum, which is then
 * scaled to unit length. A text with no known word embeds to the zero vector
 * (it matches nothing). The same text always gives the same vector.
 *
 * `model` is `<table name>-sif<smoothing>-cd<directions>x<words>-<stop words>`
 * (e.g. `glove-100d-100k-sif0.001-cd1x10000-eng`), so a store never mixes
 * vectors of different tables or settings. The common directions are
 * computed here, once (about 0.1 s for the defaults on a 100-dimension table).
 * `embed` never reaches the network, and identical texts within one call are
 * embedded once.
 *
 * @throws InvalidMemoryInput when an option is out of range; `embed` throws
 * it when given anything but an array of strings.
 */
export function createWordVectorEmbedder(
  table: WordVectorTable,
  options: WordVectorEmbedderOptions = {},
): EmbeddingProvider {
  const { smoothing, directions, directionWords } = checkOptions(table, options);
  const { dimensions, matrix } = table;
  const stopWords = new Set(options.stopWords ?? englishStopWords);
  const removed = commonDirections(table, directions, directionWords);
  const harmonic = Math.log(table.size) + eulerGamma;
  const weightOf = (row: number) => smoothing / (smoothing + 1 / ((row + 1) * harmonic));
  const embedOne = (text: string) => {
    const sum = new Float64Array(dimensions);
    for (const token of text.normalize('NFKC').toLowerCase().match(word) ?? []) {
      if (stopWords.has(token)) continue;
      const row = table.rowOf(token);
      if (row === undefined) continue;
      const weight = weightOf(row);
      const offset = row * dimensions;
      for (let index = 0; index < dimensions; index += 1) {
        sum[index] = (sum[index] as number) + weight * (matrix[offset + index] as number);
      }
    }
    for (const direction of removed) {
      let dot = 0;
      for (let index = 0; index < dimensions; index += 1) {
        dot += (sum[index] as number) * (direction[index] as number);
      }
      for (let index = 0; index < dimensions; index += 1) {
        sum[index] = (sum[index] as number) - dot * (direction[index] as number);
      }
    }
    let squares = 0;
    for (const value of sum) squares += value * value;
    const vector = new Float32Array(dimensions);
    if (squares > 0) {
      const scale = 1 / Math.sqrt(squares);
      for (let index = 0; index < dimensions; index += 1) {
        vector[index] = (sum[index] as number) * scale;
      }
    }
    return vector;
  };
  const identity = {
    model: `${table.name}-sif${smoothing}-cd${directions}x${directionWords}-${stopWordsTag(options.stopWords)}`,
    dimensions,
  };
  return {
    ...identity,
    embed: (texts) => embedDistinct(texts, identity, async (distinct) => distinct.map(embedOne)),
  };
}
