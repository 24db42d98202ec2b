import type { MemoryStore } from '@symfonic/core';

/** A store and ranking to evaluate. */
export interface EvalSystem {
  /** A short unique name, e.g. `in-memory/hybrid`. */
  readonly name: string;
  /** Which store: `in-memory` or `pglite`. */
  readonly store: string;
  /** Which ranking: `lexical`, `vectors` or `hybrid`. */
  readonly ranking: string;
  /** The embedder's model name, when the ranking uses vectors. */
  readonly embedder?: string;
  /** Evaluate only the first this many conversations (PGlite is slow); all when absent. */
  readonly conversationLimit?: number;
  /** Open a fresh, empty store; the harness closes it. */
  open(): Promise<MemoryStore>;
}
