import type { EmbeddingProvider, FusionWeightsOption } from '@symfonic/core';
import { describeMemoryStoreContract, reopeningHarness } from '@symfonic/store-contract';
import { createInMemoryStore } from './create-in-memory-store.js';

/** An in-memory store has no wipe: reset opens a fresh one behind the suite's delegate. */
const harness = (
  embedder: EmbeddingProvider | undefined,
  fusionWeights: FusionWeightsOption | undefined,
) =>
  reopeningHarness(() =>
    createInMemoryStore({
      ...(embedder ? { embedder } : {}),
      ...(fusionWeights ? { fusionWeights } : {}),
    }),
  );

describeMemoryStoreContract('in-memory, lexical only', async ({ fusionWeights }) =>
  harness(undefined, fusionWeights),
);

describeMemoryStoreContract(
  'in-memory, with the test embedder',
  async ({ embedder, fusionWeights }) => harness(embedder, fusionWeights),
  { vectors: true },
);
