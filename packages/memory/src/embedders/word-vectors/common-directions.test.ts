import { describe, expect, it } from 'vitest';
import { commonDirections } from './common-directions.js';
import { createWordVectorTable, type WordVectorTable } from './word-vector-table.js';

/** A fixed pseudo-random sequence in -1..1 (a linear congruential generator), so every run is the same. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

function table(rows: readonly (readonly number[])[]): WordVectorTable {
  return createWordVectorTable({
    name: 'test',
    words: rows.map((_, index) => `w${index}`),
    vectors: rows.flat(),
    dimensions: rows[0]?.length ?? 1,
  });
}

function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}

function unit(vector: readonly number[]): number[] {
  const length = Math.sqrt(dot(vector, vector));
  return vector.map((value) => value / length);
}

/** `count` rows along ±`direction` (alternating signs, so their sum nearly cancels) plus small noise. */
function planted(direction: readonly number[], count: number, spread: number): number[][] {
  const next = noise(7);
  return Array.from({ length: count }, (_, row) =>
    direction.map((value) => (row % 2 === 0 ? value : -value) + spread * next()),
  );
}

function randomRows(count: number, dimensions: number, seed: number): number[][] {
  const next = noise(seed);
  return Array.from({ length: count }, () => Array.from({ length: dimensions }, next));
}

describe('commonDirections', () => {
  it('finds a planted dominant direction, up to sign', () => {
    const direction = unit([1, 2, -1, 0.5, 3]);
    const [found, ...rest] = commonDirections(table(planted(direction, 60, 0.2)), 1, 100);
    expect(rest).toEqual([]);
    expect(Math.abs(dot(found as Float64Array, direction))).toBeGreaterThan(0.99);
  });

  it('looks only among the first `words` rows', () => {
    const rows = [[0, 0, 1], ...Array.from({ length: 20 }, () => [1, 0, 0])];
    const [amongFirst] = commonDirections(table(rows), 1, 1);
    const [amongAll] = commonDirections(table(rows), 1, 100);
    expect(Math.abs((amongFirst as Float64Array)[2] as number)).toBeCloseTo(1, 9);
    expect(Math.abs((amongAll as Float64Array)[0] as number)).toBeCloseTo(1, 6);
  });

  it('gives the same directions for the same table, every time', () => {
    const rows = randomRows(50, 8, 11);
    const first = commonDirections(table(rows), 3, 50);
    const again = commonDirections(table(rows), 3, 50);
    expect(again.map((direction) => Array.from(direction))).toEqual(
      first.map((direction) => Array.from(direction)),
    );
  });

  it('answers orthonormal directions', () => {
    const directions = commonDirections(table(randomRows(80, 6, 3)), 6, 80);
    expect(directions).toHaveLength(6);
    directions.forEach((left, row) => {
      directions.forEach((right, column) => {
        expect(dot(left, right)).toBeCloseTo(row === column ? 1 : 0, 9);
      });
    });
  });

  it('answers fewer directions when the rows span fewer dimensions', () => {
    const plane = commonDirections(
      table([
        [1, 0, 0],
        [0, 1, 0],
        [1, 1, 0],
      ]),
      3,
      10,
    );
    expect(plane).toHaveLength(2);
    for (const direction of plane) expect(direction[2]).toBe(0);
    expect(dot(plane[0] as Float64Array, plane[1] as Float64Array)).toBeCloseTo(0, 12);
  });

  it('finds the direction of rows whose sum is zero', () => {
    const [found, ...rest] = commonDirections(
      table([
        [1, 0, 0],
        [-1, 0, 0],
      ]),
      3,
      10,
    );
    expect(rest).toEqual([]);
    expect(Array.from(found as Float64Array).map(Math.abs)).toEqual([1, 0, 0]);
  });

  it('answers none for a count of 0 or rows that are all zero', () => {
    expect(commonDirections(table(randomRows(10, 4, 5)), 0, 10)).toEqual([]);
    expect(
      commonDirections(
        table([
          [0, 0],
          [0, 0],
        ]),
        2,
        10,
      ),
    ).toEqual([]);
  });

  it('answers at most as many directions as the table has dimensions', () => {
    expect(commonDirections(table(randomRows(30, 3, 9)), 10, 30)).toHaveLength(3);
  });
});
