import { testDatabase } from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateStore } from './database/migrate-store.js';
import { deleteStoreRows } from './testing/erase-store-tables.js';
import {
  describeNodePostgresContract,
  describeSkippedWithoutDatabase,
} from './testing/node-postgres-contract.js';

// The whole store contract on a database migrated with `{ partitions: 4 }`: every table
// partitioned by the hash of its tenant, the keys and conflict targets naming the tenant.
const suite = 'drizzle on PostgreSQL partitioned by tenant, via node-postgres';
const url = await testDatabase('symfonic_drizzle_partitioned');

if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migrateStore(drizzle({ client: pool }), { partitions: 4 });
  await pool.end();

  describe(suite, () => {
    it('holds every table as 4 hash partitions of the tenant', async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ table: string; key: string; partitions: number }>(
          `select c.relname as table, pg_get_partkeydef(c.oid) as key,
             (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as partitions
           from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
           where c.relnamespace = 'symfonic'::regnamespace order by 1`,
        );
        expect(rows).toEqual(
          ['memories', 'memory_embeddings', 'memory_versions', 'turns'].map((table) => ({
            table,
            key: 'HASH (tenant)',
            partitions: 4,
          })),
        );
      } finally {
        await client.end();
      }
    });
  });

  await describeNodePostgresContract(suite, url, deleteStoreRows);
} else {
  describeSkippedWithoutDatabase(suite);
}
