import { describe, expect, it } from 'vitest';
import { floorReason } from './floor-reason.js';
import { limitReason } from './limit-reason.js';

describe('floorReason', () => {
  it('names the measure, the value and the floor, with digits enough to tell them apart', () => {
    expect(floorReason('salience', 0.4996, 0.5)).toBe('salience 0.4996 is under the floor 0.5');
    expect(floorReason('relevance', 0.2134, 0.3)).toBe('relevance 0.213 is under the floor 0.3');
  });

  it('lets a value at or above the floor pass, and every value without a floor', () => {
    expect(floorReason('salience', 0.5, 0.5)).toBeUndefined();
    expect(floorReason('relevance', 0.9, 0.3)).toBeUndefined();
    expect(floorReason('relevance', -4, undefined)).toBeUndefined();
  });

  it('drops a value that is not a number at or above the floor', () => {
    expect(floorReason('relevance', Number.NaN, 0.3)).toBe('relevance NaN is under the floor 0.3');
  });
});

describe('limitReason', () => {
  it('names the limit', () => {
    expect(limitReason(3)).toBe('beyond the 3-memory limit');
  });
});
