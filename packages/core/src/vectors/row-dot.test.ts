import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowDot } from './row-dot.js';

describe('rowDot', () => {
  it('is the dot product of the query and the row at the offset, within rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 0, max: 3 }),
        fc.infiniteStream(fc.float({ min: -1, max: 1, noNaN: true })),
        (dimensions, row, values) => {
          const take = (count: number) => Float32Array.from(values.take(count));
          const matrix = take(dimensions * 4);
          const query = take(dimensions);
          let expected = 0;
          for (let index = 0; index < dimensions; index += 1) {
            expected += (matrix[row * dimensions + index] as number) * (query[index] as number);
          }
          expect(rowDot(matrix, row * dimensions, query)).toBeCloseTo(expected, 12);
        },
      ),
    );
  });

  it('reads only the row: values outside it change nothing', () => {
    const query = Float32Array.from([1, 2, 3, 4, 5]);
    const matrix = Float32Array.from([9, 9, 9, 1, 1, 1, 1, 1, 9, 9]);
    expect(rowDot(matrix, 3, query)).toBe(15);
  });
});
