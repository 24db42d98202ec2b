import { describe, expect, it } from 'vitest';
import { firstNonFinite } from './first-non-finite.js';

describe('firstNonFinite', () => {
  it('answers -1 when every value is finite', () => {
    expect(firstNonFinite(new Float32Array([0, -1.5, 3]))).toBe(-1);
    expect(firstNonFinite([])).toBe(-1);
  });

  it('answers the position of the first NaN, infinity or non-number', () => {
    expect(firstNonFinite(new Float32Array([0, Number.NaN, Number.POSITIVE_INFINITY]))).toBe(1);
    expect(firstNonFinite([1, 2, Number.NEGATIVE_INFINITY])).toBe(2);
    expect(firstNonFinite([1, '2'])).toBe(1);
  });
});
