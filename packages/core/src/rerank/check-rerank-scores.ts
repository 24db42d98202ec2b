import { checkAnswerCount } from '../embedding/check-answer-count.js';
import { MemoryUnavailable } from '../errors/memory-unavailable.js';
import { firstNonFinite } from '../first-non-finite.js';

/** What a reranker's answer must be: how many scores, and whose (for the reason). */
export interface ExpectedRerankScores {
  /** The reranker's model name, quoted in the reason. */
  readonly model: string;
  /** How many texts were sent, so how many scores must come back. */
  readonly count: number;
}

/**
 * Check a reranker's answer before anything ranks by it: a list of exactly
 * `count` scores, every one a finite number. A NaN would not fail anything on
 * its own: it compares as neither higher nor lower than any score, so a
 * ranking by it would be silently arbitrary. So an answer with any such
 * score is refused whole.
 *
 * @returns the scores, unchanged, once they pass.
 * @throws MemoryUnavailable naming the first thing wrong (the count, or the
 * position and value of a score that is not a finite number); never the texts.
 */
export function checkRerankScores(
  scores: readonly number[],
  expected: ExpectedRerankScores,
): readonly number[] {
  const { model, count } = expected;
  checkAnswerCount(scores, { answerer: `the reranker "${model}"`, items: 'scores', count });
  const position = firstNonFinite(scores);
  if (position !== -1) {
    const score: unknown = scores[position];
    const shown = typeof score === 'number' ? String(score) : `a ${typeof score}`;
    throw new MemoryUnavailable(
      `the reranker "${model}" answered a score that is not a finite number (${shown}) for text ${position + 1} of ${count}`,
    );
  }
  return scores;
}
