import {
  defineStore,
  type EmbeddingProvider,
  type FusionWeightsOption,
  isDefinedStore,
  type MemoryStore,
  resolveFusionWeights,
} from '@symfonic/core';
import { describeMemoryStoreContract, reopeningHarness } from '@symfonic/store-contract';
import { expect, it } from 'vitest';
import { MapBackend } from './map-backend.js';

/** A store over a fresh {@link MapBackend}, as a backend author builds one: `defineStore` and nothing more. */
function openMapStore(
  embedder: EmbeddingProvider | undefined,
  fusionWeights: FusionWeightsOption | undefined,
): MemoryStore {
  const weights = resolveFusionWeights(fusionWeights, embedder);
  return defineStore(new MapBackend(embedder, weights));
}

it('builds a branded store from the backend alone', () => {
  expect(isDefinedStore(openMapStore(undefined, undefined))).toBe(true);
});

describeMemoryStoreContract(
  'a Map backend through defineStore, lexical only',
  async ({ fusionWeights }) => reopeningHarness(() => openMapStore(undefined, fusionWeights)),
);

describeMemoryStoreContract(
  'a Map backend through defineStore, with the test embedder',
  async ({ embedder, fusionWeights }) =>
    reopeningHarness(() => openMapStore(embedder, fusionWeights)),
  { vectors: true },
);
