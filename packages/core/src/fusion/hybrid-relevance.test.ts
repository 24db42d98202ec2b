import { describe, expect, it } from 'vitest';
import { hybridRelevance, lexicalScoreShare } from './hybrid-relevance.js';

const equal = { lexical: 1, vector: 1 };

describe('hybridRelevance', () => {
  it('is 1 for first place in both lists with the best score, 0 for neither list', () => {
    expect(hybridRelevance({ lexicalPlace: 1, lexicalScore: 5, vectorPlace: 1 }, 5, equal)).toBe(1);
    expect(hybridRelevance({}, 5, equal)).toBe(0);
  });

  it('counts a full-text score only with a full-text place, never a negative one', () => {
    const total = 2 + lexicalScoreShare;
    expect(hybridRelevance({ lexicalScore: 5, vectorPlace: 1 }, 5, equal)).toBeCloseTo(
      1 / total,
      12,
    );
    expect(hybridRelevance({ lexicalPlace: 1, lexicalScore: -3 }, 5, equal)).toBeCloseTo(
      1 / total,
      12,
    );
  });

  it('answers 0 when both weights are 0, and stays within [0, 1] for a score above the best', () => {
    expect(
      hybridRelevance({ lexicalPlace: 1, lexicalScore: 1 }, 1, { lexical: 0, vector: 0 }),
    ).toBe(0);
    expect(hybridRelevance({ lexicalPlace: 1, lexicalScore: 9, vectorPlace: 1 }, 1, equal)).toBe(1);
  });
});
