import type { MemoryQuery, MemoryStore, RetrievalResult } from '@symfonic/core';

/** How a system answers a question: the memories it ranked, best first, and the degradations it ran under. */
export type EvalAnswer = Pick<RetrievalResult, 'memories' | 'degradations'>;

/** A store and ranking to evaluate. */
export interface EvalSystem {
  /** A short unique name, e.g. `in-memory/hybrid`. */
  readonly name: string;
  /** Which store: `in-memory` or `pglite`. */
  readonly store: string;
  /** Which ranking: `lexical`, `vectors`, `hybrid`, `hydrate`, or the block `hydrate` renders (`block`, `block-uncapped`). */
  readonly ranking: string;
  /** The embedder's model name, when the ranking uses vectors. */
  readonly embedder?: string;
  /** Evaluate only the first this many conversations (PGlite is slow); all when absent. */
  readonly conversationLimit?: number;
  /**
   * How many turns before each one become its context when the conversation
   * is imported (`importConversation`'s `contextTurns`); its default when absent.
   */
  readonly contextTurns?: number;
  /** Open a fresh, empty store; the harness closes it. */
  open(): Promise<MemoryStore>;
  /**
   * How a question is asked of the opened store; `store.retrieve` when
   * absent. Called once per run, before the first question.
   */
  readonly asker?: (store: MemoryStore) => (query: MemoryQuery) => Promise<EvalAnswer>;
}
