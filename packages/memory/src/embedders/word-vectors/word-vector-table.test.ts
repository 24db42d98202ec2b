import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { createWordVectorTable, type WordVectorTableInput } from './word-vector-table.js';

const input: WordVectorTableInput = {
  name: 'tiny-2d',
  words: ['dog', 'cat', 'void'],
  vectors: [3, 4, 0, -2, 0, 0],
  dimensions: 2,
};

function refusal(change: Partial<WordVectorTableInput>): unknown {
  try {
    createWordVectorTable({ ...input, ...change });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('createWordVectorTable', () => {
  it('scales each row to unit length and finds a word by its row', () => {
    const table = createWordVectorTable(input);
    expect(table).toMatchObject({ name: 'tiny-2d', dimensions: 2, size: 3 });
    expect(Array.from(table.matrix.subarray(0, 4))).toEqual([
      Math.fround(0.6),
      Math.fround(0.8),
      0,
      -1,
    ]);
    expect(table.rowOf('dog')).toBe(0);
    expect(table.rowOf('cat')).toBe(1);
    expect(table.rowOf('void')).toBe(2);
    expect(table.rowOf('bird')).toBeUndefined();
  });

  it('keeps a zero row zero', () => {
    const table = createWordVectorTable(input);
    expect(Array.from(table.matrix.subarray(4, 6))).toEqual([0, 0]);
  });

  it('copies its input: later changes to the words or vectors do not reach the table', () => {
    const words = ['dog', 'cat'];
    const vectors = [1, 0, 0, 1];
    const table = createWordVectorTable({ name: 'copied', words, vectors, dimensions: 2 });
    words[0] = 'wolf';
    vectors[0] = 0;
    vectors[1] = 5;
    expect(table.rowOf('dog')).toBe(0);
    expect(table.rowOf('wolf')).toBeUndefined();
    expect(Array.from(table.matrix)).toEqual([1, 0, 0, 1]);
  });

  it.each([
    ['an empty name', { name: '' }, /name of 1 to 100/],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, /name of 1 to 100/],
    ['zero dimensions', { dimensions: 0 }, /dimensions from 1 to 4096, not 0/],
    ['fractional dimensions', { dimensions: 1.5 }, /dimensions from 1 to 4096/],
    ['dimensions over 4096', { dimensions: 4097 }, /dimensions from 1 to 4096/],
    ['no words', { words: [], vectors: [] }, /needs words/],
    ['an empty word', { words: ['dog', '', 'void'] }, /word 2 of the table is empty/],
    ['a repeated word', { words: ['dog', 'cat', 'dog'] }, /word 3 of the table repeats word 1/],
    ['too few values', { vectors: [3, 4, 0, -2, 0] }, /needs 6 values, not 5/],
    ['too many values', { vectors: [3, 4, 0, -2, 0, 0, 1] }, /needs 6 values, not 7/],
    ['a NaN value', { vectors: [3, 4, 0, Number.NaN, 0, 0] }, /word 2 .* dimension 2/],
    [
      'an infinite value',
      { vectors: [3, 4, 0, 0, Number.NEGATIVE_INFINITY, 0] },
      /word 3 .* dimension 1/,
    ],
  ] as const)('refuses %s as InvalidMemoryInput', (_, change, message) => {
    const error = refusal(change);
    expect(InvalidMemoryInput.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('accepts a name of exactly 100 characters', () => {
    expect(createWordVectorTable({ ...input, name: 'n'.repeat(100) }).name).toHaveLength(100);
  });
});
