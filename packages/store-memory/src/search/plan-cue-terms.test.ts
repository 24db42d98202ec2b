import { describe, expect, it } from 'vitest';
import { planCueTerms } from './plan-cue-terms.js';

const frequency = new Map([
  ['the', 9_000],
  ['my', 6_000],
  ['trip', 300],
  ['lisbon', 12],
]);

describe('planCueTerms', () => {
  it('takes terms rarest first while their postings fit the budget', () => {
    expect(planCueTerms('the trip to Lisbon, my trip', frequency, 4_000)).toEqual({
      matched: ['lisbon', 'trip'],
      skipped: 2,
    });
  });

  it('takes every known term when the budget allows, and ignores unknown ones', () => {
    expect(planCueTerms('the trip to Lisbon my', frequency, 100_000)).toEqual({
      matched: ['lisbon', 'trip', 'my', 'the'],
      skipped: 0,
    });
  });

  it('always takes the rarest term, even over the budget', () => {
    expect(planCueTerms('the my', frequency, 10)).toEqual({ matched: ['my'], skipped: 1 });
  });

  it('matches nothing when no cue term is known', () => {
    expect(planCueTerms('unknown words only', frequency, 4_000)).toEqual({
      matched: [],
      skipped: 0,
    });
  });
});
