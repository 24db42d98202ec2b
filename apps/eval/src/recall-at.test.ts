import { describe, expect, it } from 'vitest';
import { recallAt } from './recall-at.js';

describe('recallAt', () => {
  it('counts the share of relevant items within the first k, each once', () => {
    const ranked = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(recallAt(ranked, ['a'], 1)).toBe(1);
    expect(recallAt(ranked, ['f'], 5)).toBe(0);
    expect(recallAt(ranked, ['f'], 6)).toBe(1);
    expect(recallAt(ranked, ['b', 'f'], 5)).toBe(0.5);
    expect(recallAt(ranked, ['b', 'b', 'z'], 10)).toBe(0.5);
    expect(recallAt(['a', 'a', 'b'], ['b'], 2)).toBe(0);
  });

  it('scores nothing to find as 0 and refuses a k below 1', () => {
    expect(recallAt(['a'], [], 5)).toBe(0);
    expect(() => recallAt(['a'], ['a'], 0)).toThrow(RangeError);
    expect(() => recallAt(['a'], ['a'], 1.5)).toThrow(RangeError);
  });
});
