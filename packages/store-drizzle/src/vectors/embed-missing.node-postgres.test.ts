import { DegradationCode } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import { StoreWithoutVectors } from './store-without-vectors.js';

const suite = 'vectors on a PostgreSQL database without pgvector';
const url = await testDatabase('symfonic_drizzle_embed_missing');
if (!url) console.log(skippedWithoutDatabase(suite));

/**
 * A database without pgvector on this very server, for real: the database is owned by a
 * role that is not a superuser, and pgvector is not a trusted extension, so that role may
 * not create it, whether the server offers it or not. This is the managed-database case
 * (an application role without the right to install extensions), and it needs no second
 * server and no mock of the catalogue: the store's own migration asks the server and is
 * refused. The role is cluster-wide, so it carries the database's name.
 */
async function databaseOwnedByPlainRole(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  const database = new URL(url).pathname.slice(1);
  const role = `${database}_owner`;
  await admin.connect();
  try {
    await admin.query(`drop owned by "${role}" cascade`).catch(() => undefined);
    await admin.query(`drop role if exists "${role}"`);
    await admin.query(`create role "${role}" login nosuperuser nocreatedb nocreaterole`);
    await admin.query(`alter database "${database}" owner to "${role}"`);
  } finally {
    await admin.end();
  }
  const owned = new URL(url);
  owned.username = role;
  return owned.toString();
}

describe.runIf(url)(suite, () => {
  const scope = { tenant: 'acme', path: ['user:1'] };

  it('are absent, not incomplete: retrieval says no-vector-index, and embedMissing refuses', async () => {
    const connectionString = await databaseOwnedByPlainRole(url as string);
    const plain = await openNodePostgresStore({ connectionString });
    await plain.apply(scope, [{ op: 'add', text: 'Allergic to peanuts' }], { writer: 'test' });
    await plain.close();
    const store = await openNodePostgresStore({ connectionString, embedder: createTestEmbedder() });
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      // The database really has no pgvector: the role's migration could not create it.
      const installed = await client.query("select 1 from pg_extension where extname = 'vector'");
      expect(installed.rowCount).toBe(0);
      expect(store.vectors).toBe(false);
      const result = await store.retrieve({ scope, cue: 'peanuts', limit: 5 });
      expect(result.memories.map((memory) => memory.record.text)).toEqual(['Allergic to peanuts']);
      expect(result.degradations.map((degradation) => degradation.code)).toEqual([
        DegradationCode.noVectorIndex,
      ]);
      const refused = await store.embedMissing().catch((error) => error);
      expect(StoreWithoutVectors.isInstance(refused)).toBe(true);
      expect((refused as StoreWithoutVectors).missing).toBe(DegradationCode.noVectorIndex);
      const tables = await client.query(
        "select count(*)::int as count from information_schema.tables where table_schema = 'symfonic' and table_name = 'memory_embeddings'",
      );
      expect(tables.rows[0]?.count).toBe(1);
    } finally {
      await client.end();
      await store.close();
    }
  });
});
