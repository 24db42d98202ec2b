import { MemoryUnavailable } from '../errors/memory-unavailable.js';

/** How many items a model's answer must hold, and how to name them in the reason. */
export interface ExpectedAnswerCount {
  /** Who answered, as the reason names it: `the embedder "name"`, `the reranker "name"`. */
  readonly answerer: string;
  /** What the answer lists, plural: `vectors`, `scores`. */
  readonly items: string;
  /** How many texts were sent, so how many items must come back. */
  readonly count: number;
}

/**
 * Check that a model's answer is a list of exactly one item per text sent.
 *
 * @throws MemoryUnavailable naming what is wrong (not a list, or how many
 * items came back for how many texts).
 */
export function checkAnswerCount(answer: unknown, expected: ExpectedAnswerCount): void {
  const { answerer, items, count } = expected;
  if (!Array.isArray(answer)) {
    throw new MemoryUnavailable(`${answerer} answered something other than a list`);
  }
  if (answer.length !== count) {
    throw new MemoryUnavailable(
      `${answerer} answered ${answer.length} ${items} for ${count} texts`,
    );
  }
}
