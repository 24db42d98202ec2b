import { PGlite } from '@electric-sql/pglite';
import { InvalidMemoryInput } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { resultRows } from '../rows/result-rows.js';
import { migrateStore } from './migrate-store.js';

// One PGlite for the file (each is slow to start), emptied of the store before each use.
// Starting it, and migrating and partitioning it, take seconds of CPU: on a loaded machine
// more than the default budget, so both are given one of their own.
const budget = 120_000;
const client = PGlite.create();
beforeAll(() => client, budget);
afterAll(async () => (await client).close());

/** The database, without the store's schemas: as a new database is. */
async function newDatabase() {
  const db = drizzle({ client: await client });
  await db.execute(sql`drop schema if exists symfonic cascade`);
  await db.execute(sql`drop schema if exists drizzle cascade`);
  return db;
}

/** Each table partitioned by tenant, with its number of partitions. */
async function partitionsOf(db: ReturnType<typeof drizzle>) {
  return resultRows<{ table: string; key: string; partitions: number }>(
    await db.execute(sql`
      select c.relname as table, pg_get_partkeydef(c.oid) as key,
        (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as partitions
      from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
      where c.relnamespace = 'symfonic'::regnamespace order by 1`),
  );
}

describe('migrateStore({ partitions })', () => {
  it(
    'partitions a new store by tenant hash once, keys naming the tenant, and a later call leaves it',
    async () => {
      const db = await newDatabase();
      await migrateStore(db, { partitions: 3 });
      expect(await partitionsOf(db)).toEqual(
        ['memories', 'memory_embeddings', 'memory_versions', 'turns'].map((table) => ({
          table,
          key: 'HASH (tenant)',
          partitions: 3,
        })),
      );
      const keys = resultRows<{ name: string; definition: string }>(
        await db.execute(sql`
          select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
          where connamespace = 'symfonic'::regnamespace and contype in ('p', 'f')
            and conparentid = 0 and conrelid in (select partrelid from pg_partitioned_table) order by 1`),
      );
      expect(keys).toEqual([
        {
          name: 'memories_pkey',
          definition: 'PRIMARY KEY (tenant, id)',
        },
        {
          name: 'memory_embeddings_memory',
          definition:
            'FOREIGN KEY (tenant, memory_id) REFERENCES symfonic.memories(tenant, id) ON DELETE CASCADE',
        },
        { name: 'memory_embeddings_pk', definition: 'PRIMARY KEY (memory_id, model, tenant)' },
        { name: 'memory_versions_pk', definition: 'PRIMARY KEY (tenant, memory_id, version)' },
        { name: 'turns_pkey', definition: 'PRIMARY KEY (tenant, sequence)' },
      ]);
      expect(await migrateStore(db, { partitions: 5 })).toEqual({ applied: 0 });
      expect((await partitionsOf(db)).map((row) => row.partitions)).toEqual([3, 3, 3, 3]);

      const store = await createDrizzleStore({ db });
      const scope = { tenant: 'acme', path: ['user:1'] };
      const { applied } = await store.apply(scope, [{ op: 'add', text: 'tea at five' }], {
        writer: 'test',
      });
      expect(applied).toHaveLength(1);
      await store.append(scope, { turnId: 't1', speaker: 'user', text: 'hello' });
      expect((await store.recent(scope, 5)).map((turn) => turn.text)).toEqual(['hello']);
      await store.close();
    },
    budget,
  );

  it('refuses to partition a store that holds rows, and changes nothing', {
    timeout: budget,
  }, async () => {
    const db = await newDatabase();
    const store = await createDrizzleStore({ db });
    await store.append(
      { tenant: 'acme', path: ['user:1'] },
      {
        turnId: 't1',
        speaker: 'user',
        text: 'hello',
      },
    );
    await store.close();
    await expect(migrateStore(db, { partitions: 4 })).rejects.toThrow(InvalidMemoryInput);
    await expect(migrateStore(db, { partitions: 4 })).rejects.toThrow(/symfonic export/);
    expect(await partitionsOf(db)).toEqual([]);
  });

  it.each([1, 2.5, 1_025, Number.NaN])(
    'refuses %s partitions before touching the database',
    async (partitions) => {
      const db = await newDatabase();
      await expect(migrateStore(db, { partitions })).rejects.toThrow(InvalidMemoryInput);
      const schemas = resultRows(
        await db.execute(sql`select 1 from pg_namespace where nspname = 'symfonic'`),
      );
      expect(schemas).toEqual([]);
    },
  );
});
