import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DegradationCode, MemoryUnavailable } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { symfonicSchema } from '../schema/symfonic-schema.js';
import { turns } from '../schema/turns.js';
import { detectPgvector } from '../vectors/detect-pgvector.js';
import { migrateStore } from './migrate-store.js';
import { migrationsFolder } from './migrations-folder.js';

// PGlite without the pgvector extension: a database like Debian's PostgreSQL, which has none.
const client = PGlite.create();
afterAll(async () => {
  const database = await client;
  if (!database.closed) await database.close();
});

const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};

describe('migrateStore', () => {
  it('applies the committed history to an empty database, then has nothing left to do', async () => {
    const db = drizzle({ client: await client });
    expect(await migrateStore(db)).toEqual({ applied: journal.entries.length });
    expect(await migrateStore(db)).toEqual({ applied: 0 });
    const tables = resultRows<{ table_name: string }>(
      await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'symfonic' order by 1`,
      ),
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'memories',
      'memory_embeddings',
      'memory_versions',
      'turns',
    ]);
    const recorded = resultRows<{ count: number | string }>(
      await db.execute(sql`select count(*) as count from drizzle.__symfonic_migrations`),
    );
    expect(Number(recorded[0]?.count)).toBe(journal.entries.length);
  });

  it('skips the extension where the server has no pgvector, and the store says it ranks lexically', async () => {
    const db = drizzle({ client: await client });
    expect(await detectPgvector(db)).toBeUndefined();
    const store = await createDrizzleStore({ db, embedder: createTestEmbedder() });
    expect(store.vectors).toBe(false);
    const scope = { tenant: 'acme', path: ['user:1'] };
    await store.apply(scope, [{ op: 'add', text: 'Keeps a lighthouse' }], { writer: 'test' });
    const result = await store.retrieve({ scope, cue: 'lighthouse', limit: 5 });
    expect(result.memories.map((memory) => memory.record.text)).toEqual(['Keeps a lighthouse']);
    expect(result.degradations.map((row) => row.code)).toEqual([DegradationCode.noVectorIndex]);
    const embedded = resultRows<{ count: number | string }>(
      await db.execute(sql`select count(*) as count from symfonic.memory_embeddings`),
    );
    expect(Number(embedded[0]?.count)).toBe(0);
    await store.close();
  });

  it('matches the schema: drizzle-kit finds nothing to generate beyond the committed history', async () => {
    const last = journal.entries.at(-1)?.tag.split('_')[0];
    const snapshot = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta', `${last}_snapshot.json`), 'utf8'),
    );
    const current = generateDrizzleJson({
      symfonicSchema,
      memories,
      memoryVersions,
      memoryEmbeddings,
      turns,
    });
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  // Last: it closes the file's PGlite.
  it('raises MemoryUnavailable, keeping the cause, when the database goes away under the store', async () => {
    const doomed = await client;
    const store = await createDrizzleStore({ db: drizzle({ client: doomed }) });
    await doomed.close();
    const failure = await store.list({ tenant: 'acme', path: [] }).catch((error) => error);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe(
      'the memory store could not list memories (the driver reported a failure)',
    );
    expect((failure as Error).cause).toBeInstanceOf(Error);
  });
});

const concurrentSuite = 'migrateStore on PostgreSQL, from several processes at once';
const freshUrl = await testDatabase('symfonic_drizzle_migrate');

describe.runIf(freshUrl)(concurrentSuite, () => {
  it('lets concurrent opens of an empty database apply each migration exactly once', async () => {
    const connectionString = freshUrl as string;
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openNodePostgresStore({ connectionString })),
    );
    const pool = new pg.Pool({ connectionString, max: 1 });
    try {
      const db = drizzleNodePostgres({ client: pool });
      const recorded = resultRows<{ hash: string }>(
        await db.execute(sql`select hash from drizzle.__symfonic_migrations order by id`),
      );
      expect(recorded).toHaveLength(journal.entries.length);
      expect(new Set(recorded.map((row) => row.hash)).size).toBe(journal.entries.length);
      expect(await migrateStore(db)).toEqual({ applied: 0 });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await pool.end();
    }
  });
});
if (!freshUrl) console.log(skippedWithoutDatabase(concurrentSuite));
