import type { FusionWeightsOption, MemoryStore } from '@symfonic/core';
import type { ContractContext } from './contract-context.js';
import type { TestEmbedder } from './test-embedder.js';

/**
 * Open a second store with `embedder` and `fusionWeights`, reset it, run
 * `use`, and close it whatever happens.
 *
 * @returns what `use` answers; rejects with whatever opening or `use` throws.
 */
export async function withStore<T>(
  context: ContractContext,
  embedder: TestEmbedder,
  fusionWeights: FusionWeightsOption,
  use: (store: MemoryStore) => Promise<T>,
): Promise<T> {
  const harness = await context.open({ embedder, fusionWeights });
  try {
    await harness.reset();
    return await use(harness.store);
  } finally {
    await harness.close();
  }
}
