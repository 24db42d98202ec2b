export { describeMemoryStoreContract } from './describe-memory-store-contract.js';
export {
  describeRemapContract,
  type RemapCounts,
  type RemapScope,
} from './remap-contract.js';
export { reopeningHarness } from './reopening-harness.js';
export { describeRoundTripContract, type TransferScope } from './round-trip-contract.js';
export type {
  OpenStoreHarness,
  StoreCapabilities,
  StoreHarness,
  StoreHarnessContext,
} from './store-harness.js';
export {
  createTestEmbedder,
  type TestEmbedder,
  type TestEmbedderOptions,
} from './test-embedder.js';
