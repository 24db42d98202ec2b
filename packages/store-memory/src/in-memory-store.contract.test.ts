import type { EmbeddingProvider, FusionWeightsOption, MemoryStore } from '@symfonic/core';
import { describeMemoryStoreContract, type StoreHarness } from '@symfonic/store-contract';
import { createInMemoryStore } from './create-in-memory-store.js';

/**
 * The harness: the suite holds one store object for its whole run, so reset
 * swaps the store behind a delegate for a fresh one (an in-memory store has
 * no "wipe" on its port, and must not).
 */
function harness(
  embedder: EmbeddingProvider | undefined,
  fusionWeights: FusionWeightsOption | undefined,
): StoreHarness {
  const open = () =>
    createInMemoryStore({
      ...(embedder ? { embedder } : {}),
      ...(fusionWeights ? { fusionWeights } : {}),
    });
  let current = open();
  const store: MemoryStore = {
    append: (scope, turn) => current.append(scope, turn),
    recent: (scope, limit) => current.recent(scope, limit),
    apply: (scope, ops, provenance) => current.apply(scope, ops, provenance),
    retrieve: (query) => current.retrieve(query),
    scanCandidates: (query) => current.scanCandidates(query),
    pinned: (scope, options) => current.pinned(scope, options),
    get: (scope, id) => current.get(scope, id),
    list: (scope, options) => current.list(scope, options),
    listDeleted: (scope, options) => current.listDeleted(scope, options),
    history: (scope, id) => current.history(scope, id),
    changes: (scope, options) => current.changes(scope, options),
    scopes: (scope, options) => current.scopes(scope, options),
    turns: (scope, options) => current.turns(scope, options),
    restore: (scope, batch) => current.restore(scope, batch),
    forget: (scope) => current.forget(scope),
    close: () => current.close(),
  };
  return {
    store,
    reset: async () => {
      await current.close();
      current = open();
    },
    close: () => current.close(),
  };
}

describeMemoryStoreContract('in-memory, lexical only', async ({ fusionWeights }) =>
  harness(undefined, fusionWeights),
);

describeMemoryStoreContract(
  'in-memory, with the test embedder',
  async ({ embedder, fusionWeights }) => harness(embedder, fusionWeights),
  { vectors: true },
);
