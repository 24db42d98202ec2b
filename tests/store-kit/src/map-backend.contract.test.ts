import {
  defineStore,
  type EmbeddingProvider,
  type FusionWeightsOption,
  isDefinedStore,
  type MemoryStore,
  resolveFusionWeights,
} from '@symfonic/core';
import { describeMemoryStoreContract, type StoreHarness } from '@symfonic/store-contract';
import { expect, it } from 'vitest';
import { MapBackend } from './map-backend.js';

/** A store over a fresh {@link MapBackend}, as a backend author builds one: `defineStore` and nothing more. */
function openMapStore(
  embedder: EmbeddingProvider | undefined,
  fusionWeights: FusionWeightsOption | undefined,
): MemoryStore {
  const weights = resolveFusionWeights(fusionWeights, embedder !== undefined);
  return defineStore(new MapBackend(embedder, weights));
}

/** The harness: reset swaps the store behind a delegate for a fresh one. */
function harness(
  embedder: EmbeddingProvider | undefined,
  fusionWeights: FusionWeightsOption | undefined,
): StoreHarness {
  const open = () => openMapStore(embedder, fusionWeights);
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

it('builds a branded store from the backend alone', () => {
  expect(isDefinedStore(openMapStore(undefined, undefined))).toBe(true);
});

describeMemoryStoreContract(
  'a Map backend through defineStore, lexical only',
  async ({ fusionWeights }) => harness(undefined, fusionWeights),
);

describeMemoryStoreContract(
  'a Map backend through defineStore, with the test embedder',
  async ({ embedder, fusionWeights }) => harness(embedder, fusionWeights),
  { vectors: true },
);
