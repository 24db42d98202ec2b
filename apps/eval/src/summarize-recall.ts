import type { QuestionOutcome } from './score-question.js';

/** Mean recall over a set of questions. */
export interface RecallSummary {
  readonly questions: number;
  readonly turnRecallAt5: number;
  readonly turnRecallAt10: number;
  readonly turnRecallAt25: number;
  readonly sessionRecallAt5: number;
}

/**
 * The mean of each recall measure over `outcomes`.
 *
 * @returns the summary; every mean is `NaN` for no outcomes (there is no
 * recall of nothing). Never throws.
 */
export function summarizeRecall(outcomes: readonly QuestionOutcome[]): RecallSummary {
  const mean = (measure: (outcome: QuestionOutcome) => number) =>
    outcomes.length === 0
      ? Number.NaN
      : outcomes.reduce((sum, outcome) => sum + measure(outcome), 0) / outcomes.length;
  return {
    questions: outcomes.length,
    turnRecallAt5: mean((outcome) => outcome.turnRecall.at5),
    turnRecallAt10: mean((outcome) => outcome.turnRecall.at10),
    turnRecallAt25: mean((outcome) => outcome.turnRecall.at25),
    sessionRecallAt5: mean((outcome) => outcome.sessionRecallAt5),
  };
}
