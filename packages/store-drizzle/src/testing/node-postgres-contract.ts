import { describeMemoryStoreContract } from '@symfonic/store-contract';
import { serverHasPgvector, skippedWithoutDatabase } from '@symfonic/test-support/postgres';
import { describe, it } from 'vitest';
import type { StoreDatabase } from '../database/store-database.js';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import { eraseStoreTables } from './erase-store-tables.js';
import { serverStoreHarness } from './server-store-harness.js';

/**
 * The store contract over node-postgres on the test database at `url`: each store opened with the
 * suite's embedder (given either way: without pgvector the store must say it ranked lexically) and
 * fusion weights, reset with `erase`; vectors declared when the server has pgvector.
 */
export async function describeNodePostgresContract(
  suite: string,
  url: string,
  erase: (database: StoreDatabase) => Promise<void> = eraseStoreTables,
): Promise<void> {
  describeMemoryStoreContract(
    suite,
    async ({ embedder, fusionWeights }) => {
      const store = await openNodePostgresStore({
        connectionString: url,
        embedder,
        ...(fusionWeights ? { fusionWeights } : {}),
      });
      return serverStoreHarness(store, url, erase);
    },
    { vectors: await serverHasPgvector(url) },
  );
}

/** A suite that needs `DATABASE_URL` and has none: said on the console, and one skipped test. */
export function describeSkippedWithoutDatabase(suite: string): void {
  console.log(skippedWithoutDatabase(suite));
  describe(suite, () => {
    it.skip('needs DATABASE_URL', () => undefined);
  });
}
