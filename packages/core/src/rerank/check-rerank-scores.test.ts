import { describe, expect, it } from 'vitest';
import { MemoryUnavailable } from '../errors/memory-unavailable.js';
import { checkRerankScores } from './check-rerank-scores.js';

const expected = { model: 'r', count: 3 };

/** The message `checkRerankScores` refuses `scores` with. */
function refusal(scores: unknown): string {
  try {
    checkRerankScores(scores as number[], expected);
  } catch (error) {
    expect(MemoryUnavailable.isInstance(error)).toBe(true);
    return (error as MemoryUnavailable).message;
  }
  throw new Error('expected a refusal');
}

describe('checkRerankScores', () => {
  it('answers finite scores of the right count unchanged, extremes included', () => {
    const scores = [-1.7e308, 0, Number.MIN_VALUE];
    expect(checkRerankScores(scores, expected)).toBe(scores);
  });

  it('refuses the wrong count and a score that is not a finite number, saying which', () => {
    expect(refusal({ scores: [] })).toBe('the reranker "r" answered something other than a list');
    expect(refusal([1, 2])).toBe('the reranker "r" answered 2 scores for 3 texts');
    expect(refusal([1, Number.NaN, 2])).toBe(
      'the reranker "r" answered a score that is not a finite number (NaN) for text 2 of 3',
    );
    expect(refusal([1, 2, Number.NEGATIVE_INFINITY])).toBe(
      'the reranker "r" answered a score that is not a finite number (-Infinity) for text 3 of 3',
    );
    expect(refusal([1, 2, '3'])).toBe(
      'the reranker "r" answered a score that is not a finite number (a string) for text 3 of 3',
    );
  });
});
