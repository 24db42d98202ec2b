import type { MemoryStore } from '@symfonic/core';
import type { FlakyEmbedder } from '../doubles/flaky-embedder.js';
import { trackTenants } from './track-tenants.js';

/** One store as the suites see it: shared by a test file, reset between tests. */
export interface StoreUnderTest {
  /** The store's name in test titles and printed figures, e.g. `pglite`. */
  readonly name: string;
  /** The store, wrapped to record every tenant written through it. */
  readonly store: MemoryStore;
  /** The embedder the store embeds memories with, when it ranks by vectors; its faults can be switched on. */
  readonly embedder?: FlakyEmbedder;
  /** Forget every tenant written so far (through `forget`, as a user would). */
  reset(): Promise<void>;
  /** Close the store and release what its opener acquired. */
  close(): Promise<void>;
}

/**
 * Wrap an opened `store` as a {@link StoreUnderTest}.
 * `embedder` is given only when the store embeds the texts it writes with it.
 */
export function storeUnderTest(
  name: string,
  store: MemoryStore,
  options: { readonly embedder?: FlakyEmbedder; readonly release?: () => Promise<void> } = {},
): StoreUnderTest {
  const tracked = trackTenants(store);
  const tenants = tracked.tenants as Set<string>;
  return {
    name,
    store: tracked.store,
    ...(options.embedder ? { embedder: options.embedder } : {}),
    async reset() {
      if (options.embedder) options.embedder.fault = undefined;
      for (const tenant of tenants) await store.forget({ tenant, path: [] });
      tenants.clear();
    },
    async close() {
      await store.close();
      await options.release?.();
    },
  };
}
