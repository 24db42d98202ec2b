import { distinctInOrder } from './distinct-in-order.js';
import type { EvalQuestion } from './eval-dataset.js';
import type { IngestedConversation } from './ingest-conversation.js';
import { recallAt } from './recall-at.js';

/** The session-level cut-off recall is reported at. */
export const sessionCutoff = 5;

/** How one question fared. */
export interface QuestionOutcome {
  readonly questionId: string;
  readonly conversationId: string;
  readonly category: string;
  /** Turn-level recall at 5, 10 and 25 retrieved memories. */
  readonly turnRecall: { readonly at5: number; readonly at10: number; readonly at25: number };
  /** Session-level recall at 5: the share of evidence sessions among the first 5 distinct sessions the ranking reaches. */
  readonly sessionRecallAt5: number;
  /** Wall-clock milliseconds of the retrieval. */
  readonly latencyMs: number;
  /** 1-based rank of the first evidence memory in the ranking, absent when none was retrieved. */
  readonly firstEvidenceRank?: number;
}

/**
 * Score one question from the memory ids a store ranked for it (best first).
 * An evidence turn the store refused can never be found; a turn merged into
 * an identical earlier one is found with it. Sessions are ranked by the first
 * place one of their turns reaches.
 *
 * @returns the outcome; never throws.
 */
export function scoreQuestion(
  question: EvalQuestion,
  rankedMemoryIds: readonly string[],
  ingested: IngestedConversation,
  latencyMs: number,
): QuestionOutcome {
  const relevant = question.evidence.map(
    (turnId) => ingested.memoryOfTurn.get(turnId) ?? `unstored:${turnId}`,
  );
  const rankedSessions = distinctInOrder(
    rankedMemoryIds.flatMap((memoryId) => {
      const turnId = ingested.turnOfMemory.get(memoryId);
      const session = turnId === undefined ? undefined : ingested.sessionOfTurn.get(turnId);
      return session === undefined ? [] : [session];
    }),
  );
  const evidenceSessions = question.evidence.map(
    (turnId) => ingested.sessionOfTurn.get(turnId) ?? Number.NaN,
  );
  const firstRank = rankedMemoryIds.findIndex((memoryId) => relevant.includes(memoryId));
  return {
    questionId: question.id,
    conversationId: question.conversationId,
    category: question.category,
    turnRecall: {
      at5: recallAt(rankedMemoryIds, relevant, 5),
      at10: recallAt(rankedMemoryIds, relevant, 10),
      at25: recallAt(rankedMemoryIds, relevant, 25),
    },
    sessionRecallAt5: recallAt(rankedSessions, evidenceSessions, sessionCutoff),
    latencyMs,
    ...(firstRank === -1 ? {} : { firstEvidenceRank: firstRank + 1 }),
  };
}
