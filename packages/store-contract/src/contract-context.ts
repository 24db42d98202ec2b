import type { MemoryStore } from '@symfonic/core';
import type { OpenStoreHarness, StoreCapabilities } from './store-harness.js';
import type { TestEmbedder } from './test-embedder.js';

/** What each part of the suite gets: the live store (valid inside tests only) and the setup. */
export interface ContractContext {
  /** The store of the current test; throws when called outside a test. */
  readonly store: () => MemoryStore;
  /** Reset the store (tests that loop, like property tests, reset between runs). */
  readonly reset: () => Promise<void>;
  /** The embedder the store was opened with (a store without vectors ignores it). */
  readonly embedder: TestEmbedder;
  /** Open a second, independent store (the closed-store tests close it). */
  readonly open: OpenStoreHarness;
  readonly capabilities: StoreCapabilities;
}
