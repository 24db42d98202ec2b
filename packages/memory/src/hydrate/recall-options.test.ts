import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { resolveRecallOptions } from './recall-options.js';

describe('resolveRecallOptions', () => {
  it('documents its defaults', () => {
    expect(resolveRecallOptions()).toEqual({
      limit: 12,
      minSalience: 0,
      caps: { semantic: 2000, episodic: 2000, total: 3000 },
      halfLifeDays: 30,
      weights: { relevance: 0.6, salience: 0.25, recency: 0.15 },
      pinned: { minSalience: 0.9, limit: 10, cap: 1000 },
    });
  });

  it('keeps the defaults of what is not given', () => {
    expect(resolveRecallOptions({ caps: { total: 10 }, weights: { recency: 0 } })).toMatchObject({
      caps: { semantic: 2000, episodic: 2000, total: 10 },
      weights: { relevance: 0.6, salience: 0.25, recency: 0 },
    });
  });

  it('refuses out-of-range and unknown options, naming the field', () => {
    for (const [options, field] of [
      [{ limit: -1 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ minSalience: 2 }, 'minSalience'],
      [{ halfLifeDays: 0 }, 'halfLifeDays'],
      [{ caps: { semantic: 1.5 } }, 'caps.semantic'],
      [{ minRelevance: Number.NaN }, 'minRelevance'],
      [{ limt: 3 }, 'limt'],
    ] as const) {
      expect(() => resolveRecallOptions(options as never)).toThrow(InvalidMemoryInput);
      expect(() => resolveRecallOptions(options as never)).toThrow(field);
    }
  });
});
