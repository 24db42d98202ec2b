import type { EmbeddingProvider, MemoryStore } from '@symfonic/core';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';

/** A real store to run memory's loop against. */
export interface StoreKind {
  readonly name: string;
  /** Open a fresh store; PGlite starts in seconds, so open one per test file and share it. */
  open(embedder?: EmbeddingProvider): Promise<MemoryStore>;
}

/**
 * Every store memory's loop is tested on: the in-memory one and embedded PGlite. The one place
 * a test of a package that builds on stores (memory, its surfaces) gets them from, so no
 * fixture of such a package imports a store.
 */
export const storeKinds: readonly StoreKind[] = [
  {
    name: 'in-memory',
    open: async (embedder) => createInMemoryStore(embedder ? { embedder } : {}),
  },
  {
    name: 'pglite',
    open: async (embedder) => openPGliteStore(embedder ? { embedder } : {}),
  },
];
