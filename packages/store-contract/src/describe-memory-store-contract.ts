import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { describeAvailabilityContract } from './availability-contract.js';
import { describeContextContract } from './context-contract.js';
import type { ContractContext } from './contract-context.js';
import { describeFeedContract } from './feed-contract.js';
import { describeForgetContract } from './forget-contract.js';
import { describeFusionContract } from './fusion-contract.js';
import { describeHistoryContract } from './history-contract.js';
import { describeIsolationContract } from './isolation-contract.js';
import { describeListContract } from './list-contract.js';
import { describePinnedContract } from './pinned-contract.js';
import { describeRelevancePrivacyContract } from './relevance-privacy-contract.js';
import { describeRestoreContract } from './restore-contract.js';
import { describeRetrievalContract } from './retrieval-contract.js';
import { describeScopeRoundTripContract } from './scope-round-trip-contract.js';
import { describeSettleContract } from './settle-contract.js';
import { describeSimilarityContract } from './similarity-contract.js';
import type { OpenStoreHarness, StoreCapabilities, StoreHarness } from './store-harness.js';
import { createTestEmbedder } from './test-embedder.js';
import { describeTurnsContract } from './turns-contract.js';
import { describeUnicodeAndLimitsContract } from './unicode-and-limits-contract.js';
import { describeWritesContract } from './writes-contract.js';

/**
 * Declare the contract every `MemoryStore` must pass, as vitest `describe`
 * blocks named after `name`. Call it at the top level of a
 * `*.contract.test.ts` file.
 *
 * `open` runs once before the suite, once more for the closed-store tests
 * and once per store the fusion-weights tests need; it receives a
 * deterministic embedder the suite controls, which a store declared with
 * `vectors: true` must be built with, and the `fusionWeights` to open the
 * store with. `reset` runs before every test. Capabilities switch tests on,
 * never off by name: without `vectors`, the paraphrase, embedder-outage and
 * vectors-alone tests are skipped and the store must instead report that it
 * ranked without vectors.
 *
 * @returns nothing; the assertions run when vitest runs the file.
 */
export function describeMemoryStoreContract(
  name: string,
  open: OpenStoreHarness,
  capabilities: StoreCapabilities = {},
): void {
  const embedder = createTestEmbedder();
  let harness: StoreHarness | undefined;

  const context: ContractContext = {
    store: () => {
      if (!harness) throw new Error('the store is only available inside a test');
      return harness.store;
    },
    reset: async () => {
      embedder.setAvailable(true);
      await harness?.reset();
    },
    embedder,
    open,
    capabilities,
  };

  describe(`MemoryStore contract: ${name}`, () => {
    beforeAll(async () => {
      harness = await open({ embedder });
    });
    beforeEach(async () => {
      await context.reset();
    });
    afterAll(async () => {
      await harness?.close();
    });

    describeTurnsContract(context);
    describeIsolationContract(context);
    describeWritesContract(context);
    describeRetrievalContract(context);
    describeSettleContract(context);
    describeRelevancePrivacyContract(context);
    describePinnedContract(context);
    describeContextContract(context);
    describeFusionContract(context);
    describeSimilarityContract(context);
    describeHistoryContract(context);
    describeListContract(context);
    describeForgetContract(context);
    describeFeedContract(context);
    describeRestoreContract(context);
    describeUnicodeAndLimitsContract(context);
    describeScopeRoundTripContract(context);
    describeAvailabilityContract(context);
  });
}
