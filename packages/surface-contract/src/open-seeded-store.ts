import type { MemoryStore } from '@symfonic/core';
import { createInMemoryStore } from '@symfonic/store-memory';
import { leakingStore } from './leaking-store.js';
import { seedStore } from './seed-store.js';
import type { SurfaceContext } from './surface-harness.js';

/** The store a harness builds a surface's memory over, and the store beneath it. */
export interface SeededStore {
  /** The in-memory store holding the seed (and the leak row): where the harness reads what was stored. */
  readonly base: MemoryStore;
  /** What the surface's memory serves from: `base`, or `base` answering the context's foreign row too. */
  readonly store: MemoryStore;
}

/**
 * A fresh in-memory store seeded as `context` asks (its seed and leak row, written with the
 * store's own `apply`), and the store a harness builds the surface's memory over: the same
 * store, or, when the context has a leak, {@link leakingStore} over it. Every harness of a
 * surface that runs in the test's process opens its store here, so the packages it tests never
 * import a store outside their test files.
 *
 * @throws Error when the store refuses a seed memory.
 */
export async function openSeededStore(context: SurfaceContext): Promise<SeededStore> {
  const base = createInMemoryStore();
  await seedStore(base, context.seed, context.leak);
  return { base, store: context.leak ? leakingStore(base, context.leak.scope) : base };
}
