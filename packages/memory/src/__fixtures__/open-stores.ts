import type { EmbeddingProvider, MemoryScope, MemoryStore } from '@symfonic/core';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';

/** A real store to run the memory loop against. */
export interface StoreKind {
  readonly name: string;
  /** Open a fresh store; PGlite starts in seconds, so open one per test file and share it. */
  open(embedder?: EmbeddingProvider): Promise<MemoryStore>;
}

/** Every store the memory package is tested on: the in-memory one and embedded PGlite. */
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

let tenants = 0;

/** A tenant no other test uses, so tests can share a store without resetting it. */
export function freshTenant(): string {
  tenants += 1;
  return `tenant-${process.pid}-${tenants}`;
}

/** A user scope and one conversation below it, in a fresh tenant. */
export function freshUser(): { user: MemoryScope; conversation: MemoryScope } {
  const tenant = freshTenant();
  return {
    user: { tenant, path: ['user:42'] },
    conversation: { tenant, path: ['user:42', 'conversation:1'] },
  };
}
