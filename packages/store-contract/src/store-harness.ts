import type { FusionWeightsOption, MemoryStore } from '@symfonic/core';
import type { TestEmbedder } from './test-embedder.js';

/** What a store under test hands the contract suite. */
export interface StoreHarness {
  /** The store under test. */
  readonly store: MemoryStore;
  /**
   * Erase everything the store holds, leaving it open and usable. Runs before
   * every test; it lives here, not on the production port, because no
   * production caller may ever wipe a store.
   */
  reset(): Promise<void>;
  /** Release the store and anything the harness started; must tolerate an already closed store. */
  close(): Promise<void>;
}

/** What the suite passes to {@link OpenStoreHarness}. */
export interface StoreHarnessContext {
  /**
   * The deterministic embedder the suite controls (it simulates outages with
   * it). A store declared with `vectors: true` must be built with this
   * embedder; a store without vectors ignores it.
   */
  readonly embedder: TestEmbedder;
  /**
   * The fusion weights the store must be opened with, passed through
   * unchanged as the store's `fusionWeights` option; absent means the
   * store's defaults. The fusion-weights tests set it (bad weights included:
   * the opener must then reject with the store's `InvalidMemoryInput`).
   */
  readonly fusionWeights?: FusionWeightsOption;
}

/**
 * Opens a store for the suite. Called once per suite, once more for the
 * closed-store tests, which close the store they get, and once per store a
 * fusion-weights test needs: each call must return a store whose `close()`
 * does not affect the others. The suite resets a store it opened itself
 * before using it, so stores may share one database (never two at a time
 * in use: a test finishes with one before it opens the next).
 */
export type OpenStoreHarness = (context: StoreHarnessContext) => Promise<StoreHarness>;

/** What a store can do beyond the baseline every store owes. Flags, never lists of tests to skip. */
export interface StoreCapabilities {
  /**
   * The store ranks by vector similarity with the embedder it was given, so a
   * paraphrase with no word in common with the cue is found. Without it the
   * store must say in `degradations` that it ran without vectors.
   */
  readonly vectors?: boolean;
}
