import { describeMemoryStoreContract } from '@symfonic/store-contract';
import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import { describe, it } from 'vitest';
import { openNodePostgresStore } from './drivers/open-node-postgres-store.js';
import { serverStoreHarness } from './testing/server-store-harness.js';

const suite = 'drizzle on PostgreSQL via node-postgres';
const url = await testDatabase('symfonic_drizzle_node_postgres');

if (url) {
  describeMemoryStoreContract(
    suite,
    async ({ embedder, fusionWeights }) => {
      // Given the embedder either way: without pgvector the store must say it ranked lexically.
      const store = await openNodePostgresStore({
        connectionString: url,
        embedder,
        ...(fusionWeights ? { fusionWeights } : {}),
      });
      return serverStoreHarness(store, url);
    },
    { vectors: await serverHasPgvector(url) },
  );
} else {
  console.log(skippedWithoutDatabase(suite));
  describe(suite, () => {
    it.skip('needs DATABASE_URL', () => undefined);
  });
}
