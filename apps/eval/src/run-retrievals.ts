import { performance } from 'node:perf_hooks';
import type { EvalConversation, EvalDataset, EvalQuestion } from './eval-dataset.js';
import type { EvalSystem } from './eval-system.js';
import { type IngestedConversation, ingestConversation } from './ingest-conversation.js';

/** How far an evaluation is. */
export interface EvaluationProgress {
  readonly system: string;
  readonly phase: 'ingest' | 'questions';
  readonly done: number;
  readonly total: number;
}

/** One question asked of a store, and what it answered. */
export interface Retrieval {
  readonly question: EvalQuestion;
  /** The memories the store ranked, best first. */
  readonly memoryIds: readonly string[];
  /** Their relevance, on the store's scale. */
  readonly relevances: readonly number[];
  /** Wall-clock milliseconds of the call that answered it. */
  readonly latencyMs: number;
  /** The degradation codes the store reported. */
  readonly degradations: readonly string[];
}

/** Every retrieval of one system on a data set. */
export interface RetrievalRun {
  readonly conversations: readonly EvalConversation[];
  readonly ingested: ReadonlyMap<string, IngestedConversation>;
  readonly ingestSeconds: number;
  readonly retrievals: readonly Retrieval[];
}

/** The tenant every evaluated conversation is written under; each conversation is a scope below it. */
export const evalTenant = 'symfonic-eval';

/**
 * Open a fresh store of `system`, write each conversation (up to the
 * system's limit) into its own scope, `{ tenant: 'symfonic-eval', path:
 * ['conversation:<id>'] }`, one episodic memory per turn (see
 * `ingestConversation`), then ask every
 * question of those conversations as a cue through `store.retrieve` (the
 * top-k API a caller gets), or the system's `asker`, with `limit`, timing
 * each call. One untimed
 * warm-up query runs first. The store is closed at the end.
 *
 * @throws whatever the store throws; the store is closed all the same.
 */
export async function runRetrievals(
  system: EvalSystem,
  dataset: EvalDataset,
  limit: number,
  onProgress?: (progress: EvaluationProgress) => void,
): Promise<RetrievalRun> {
  const conversations = dataset.conversations.slice(
    0,
    system.conversationLimit ?? dataset.conversations.length,
  );
  const chosen = new Set(conversations.map((conversation) => conversation.id));
  const questions = dataset.questions.filter((question) => chosen.has(question.conversationId));
  const store = await system.open();
  try {
    const ingestStart = performance.now();
    const ingested = new Map<string, IngestedConversation>();
    for (const [index, conversation] of conversations.entries()) {
      const scope = { tenant: evalTenant, path: [`conversation:${conversation.id}`] };
      ingested.set(
        conversation.id,
        await ingestConversation(store, scope, conversation, system.contextTurns),
      );
      onProgress?.({
        system: system.name,
        phase: 'ingest',
        done: index + 1,
        total: conversations.length,
      });
    }
    const ingestSeconds = (performance.now() - ingestStart) / 1000;
    const ask = system.asker?.(store) ?? ((query) => store.retrieve(query));
    const first = ingested.values().next().value;
    if (first) await ask({ scope: first.scope, cue: 'warm up', limit });

    const retrievals: Retrieval[] = [];
    for (const [index, question] of questions.entries()) {
      const conversation = ingested.get(question.conversationId) as IngestedConversation;
      const start = performance.now();
      const result = await ask({
        scope: conversation.scope,
        cue: question.question,
        limit,
      });
      const latencyMs = performance.now() - start;
      retrievals.push({
        question,
        memoryIds: result.memories.map((memory) => memory.record.id),
        relevances: result.memories.map((memory) => memory.relevance),
        latencyMs,
        degradations: result.degradations.map((degradation) => degradation.code),
      });
      onProgress?.({
        system: system.name,
        phase: 'questions',
        done: index + 1,
        total: questions.length,
      });
    }
    return { conversations, ingested, ingestSeconds, retrievals };
  } finally {
    await store.close();
  }
}
