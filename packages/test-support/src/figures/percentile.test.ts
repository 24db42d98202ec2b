import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';

describe('percentile', () => {
  it('answers the nearest-rank percentile, whatever the order of the values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.95)).toBe(10);
    expect(percentile(values, 0.1)).toBe(1);
    expect(percentile([7], 0.95)).toBe(7);
  });

  it('answers NaN for no values and refuses a fraction outside (0, 1]', () => {
    expect(percentile([], 0.5)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 1.1)).toThrow(RangeError);
  });
});
