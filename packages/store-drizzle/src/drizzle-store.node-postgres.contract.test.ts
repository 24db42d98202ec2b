import { describeMemoryStoreContract } from '@symfonic/store-contract';
import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, it } from 'vitest';
import { openNodePostgresStore } from './open-node-postgres-store.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';

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
      const eraser = new pg.Pool({ connectionString: url, max: 1 });
      return {
        store,
        reset: () => eraseStoreTables(drizzle({ client: eraser })),
        close: async () => {
          await store.close();
          await eraser.end();
        },
      };
    },
    { vectors: await serverHasPgvector(url) },
  );
} else {
  console.log(skippedWithoutDatabase(suite));
  describe(suite, () => {
    it.skip('needs DATABASE_URL', () => undefined);
  });
}
