import { percentile } from '@symfonic/test-support';
import type { EvalDataset } from './eval-dataset.js';
import type { EvalSystem } from './eval-system.js';
import { type EvaluationProgress, runRetrievals } from './run-retrievals.js';
import { type QuestionOutcome, scoreQuestion } from './score-question.js';
import { type RecallSummary, summarizeRecall } from './summarize-recall.js';

/** What one system scored on a data set. */
export interface SystemResult {
  readonly system: string;
  readonly store: string;
  readonly ranking: string;
  readonly embedder?: string;
  readonly conversations: number;
  /** Memories written, turns merged into an identical earlier one, turns refused (with reasons). */
  readonly ingest: {
    readonly memories: number;
    readonly merged: number;
    readonly refused: readonly { readonly turnId: string; readonly reason: string }[];
    readonly seconds: number;
  };
  readonly overall: RecallSummary;
  readonly perCategory: Readonly<Record<string, RecallSummary>>;
  /** Retrieval wall-clock milliseconds over all questions. */
  readonly latencyMs: { readonly p50: number; readonly p95: number };
  /** How many retrievals reported each degradation code. */
  readonly degradations: Readonly<Record<string, number>>;
  readonly outcomes: readonly QuestionOutcome[];
}

/** How many memories each question retrieves: the largest cut-off reported. */
export const retrievalLimit = 25;

/**
 * Evaluate one system on a data set (see {@link runRetrievals} for how it is
 * written and asked; each question retrieves 25 memories) and score every
 * question (see {@link scoreQuestion}).
 *
 * @returns the system's recall, overall and per category, latency
 * percentiles and ingest figures; the store is closed.
 * @throws whatever the store throws.
 */
export async function evaluateSystem(
  system: EvalSystem,
  dataset: EvalDataset,
  onProgress?: (progress: EvaluationProgress) => void,
): Promise<SystemResult> {
  const run = await runRetrievals(system, dataset, retrievalLimit, onProgress);
  const degradations: Record<string, number> = {};
  const outcomes = run.retrievals.map((retrieval) => {
    for (const code of retrieval.degradations) degradations[code] = (degradations[code] ?? 0) + 1;
    const ingested = run.ingested.get(retrieval.question.conversationId);
    if (!ingested) throw new Error(`no ingested conversation ${retrieval.question.conversationId}`);
    return scoreQuestion(retrieval.question, retrieval.memoryIds, ingested, retrieval.latencyMs);
  });
  const categories = [...new Set(outcomes.map((outcome) => outcome.category))].sort();
  const ingested = [...run.ingested.values()];
  const latencies = outcomes.map((outcome) => outcome.latencyMs);
  return {
    system: system.name,
    store: system.store,
    ranking: system.ranking,
    ...(system.embedder === undefined ? {} : { embedder: system.embedder }),
    conversations: run.conversations.length,
    ingest: {
      memories: ingested.reduce((sum, conversation) => sum + conversation.turnOfMemory.size, 0),
      merged: ingested.reduce((sum, conversation) => sum + conversation.merged.length, 0),
      refused: ingested.flatMap((conversation) => conversation.refused),
      seconds: run.ingestSeconds,
    },
    overall: summarizeRecall(outcomes),
    perCategory: Object.fromEntries(
      categories.map((category) => [
        category,
        summarizeRecall(outcomes.filter((outcome) => outcome.category === category)),
      ]),
    ),
    latencyMs: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) },
    degradations,
    outcomes,
  };
}
