import { PGlite } from '@electric-sql/pglite';
import type { MemoryRecord, MemoryScope } from '@symfonic/core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { pinnedQuery } from './select-pinned.js';

const client = await PGlite.create();
const database = drizzle({ client });
let store: DrizzleMemoryStore;

const user = { tenant: 'acme', path: ['user:1'] };
const conversation = { tenant: 'acme', path: ['user:1', 'conversation:1'] };

/** Per relation of `memories` (table or index): how many scans a statement started and how many rows they returned. */
type Reads = Record<string, { scans: number; rows: number }>;

const readsSql = `select c.relname as relation,
    pg_stat_get_xact_numscans(c.oid)::int as scans,
    pg_stat_get_xact_tuples_returned(c.oid)::int as rows
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'symfonic' and c.relname like 'memories%'`;

/**
 * What one run of the pinned statement read: the transaction's own
 * statistics counters of `memories` and its indexes, before and after it
 * (so nothing but this statement, inside the database function, is counted).
 */
async function readsOf(scope: MemoryScope, minSalience: number): Promise<Reads> {
  const { sql, params } = new PgDialect().sqlToQuery(pinnedQuery(scope, minSalience, 10));
  return client.transaction(async (transaction) => {
    type Counter = { relation: string; scans: number; rows: number };
    const before = (await transaction.query<Counter>(readsSql)).rows;
    await transaction.query(sql, params);
    const after = (await transaction.query<Counter>(readsSql)).rows;
    const reads: Reads = {};
    for (const counter of after) {
      const earlier = before.find((row) => row.relation === counter.relation);
      const scans = counter.scans - (earlier?.scans ?? 0);
      if (scans > 0) reads[counter.relation] = { scans, rows: counter.rows - (earlier?.rows ?? 0) };
    }
    return reads;
  });
}

/** The pinned facts of `scope` worked out from `list`: what the statement must answer. */
async function listedPinned(scope: MemoryScope, minSalience: number): Promise<MemoryRecord[]> {
  const records: MemoryRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(scope, {
      layer: 'semantic',
      limit: 1_000,
      ...(cursor ? { cursor } : {}),
    });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records
    .filter((record) => record.salience >= minSalience)
    .sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() ||
        (left.id < right.id ? -1 : left.id > right.id ? 1 : 0),
    )
    .slice(0, 10);
}

beforeAll(async () => {
  store = await createDrizzleStore({ db: database });
  // A scope of 3,000 memories, a tenth of them salient, and a few in the conversation below it.
  for (let start = 0; start < 3_000; start += 250) {
    await store.apply(
      user,
      Array.from({ length: 250 }, (_, offset) => ({
        op: 'add',
        text: `Note ${start + offset} about the user`,
        salience: (start + offset) % 10 === 0 ? 0.95 : 0.5,
      })),
      { writer: 'plan-test' },
    );
  }
  await store.apply(conversation, [{ op: 'add', text: 'Prefers short answers', salience: 1 }], {
    writer: 'plan-test',
  });
  await client.exec('analyze symfonic.memories');
});
afterAll(async () => {
  await store.close();
  await client.close();
});

describe('the pinned statement', () => {
  it('reads a few index entries per visible scope, never the scope and never its salient set', async () => {
    for (const scope of [user, conversation]) {
      const reads = await readsOf(scope, 0.9);
      expect(Object.keys(reads).sort()).toEqual(['memories_salient', 'memories_salient_below']);
      // One ordered scan per scope at or above, each stopping at the limit.
      expect(reads.memories_salient?.scans).toBe(scope.path.length + 1);
      expect(reads.memories_salient?.rows).toBeLessThanOrEqual(10 * (scope.path.length + 1));
      // Only the salient memories strictly below: the conversation's one fact for the user.
      expect(reads.memories_salient_below?.rows).toBe(scope === user ? 1 : 0);
    }
  });

  it('answers the same as the store, newest first', async () => {
    const pinned = await store.pinned(user, { minSalience: 0.9, limit: 10 });
    expect(pinned).toHaveLength(10);
    expect(pinned.every((record) => record.salience >= 0.9)).toBe(true);
    const times = pinned.map((record) => record.updatedAt.getTime());
    expect(times).toEqual([...times].sort((left, right) => right - left));
    expect(pinned.map((record) => record.text)).toContain('Prefers short answers');
  });

  it('reads a scope whose tenant and segments hold quotes and backslashes, below the floor too', async () => {
    const odd = { tenant: "o'brien\\", path: ['user:"1"', "it's\\here"] };
    const [written] = (
      await store.apply(odd, [{ op: 'add', text: 'Speaks Irish', salience: 0.95 }], {
        writer: 'plan-test',
      })
    ).applied;
    for (const minSalience of [0.5, 0.9]) {
      const pinned = await store.pinned(odd, { minSalience, limit: 10 });
      expect(pinned.map((record) => [record.id, record.scope])).toEqual([
        [written?.record.id, odd],
      ]);
    }
  });

  it('answers what a full listing gives, above and below the floor of its indexes', async () => {
    for (const scope of [user, conversation]) {
      for (const minSalience of [0.4, 0.9, 0.96]) {
        expect(await store.pinned(scope, { minSalience, limit: 10 })).toEqual(
          await listedPinned(scope, minSalience),
        );
      }
    }
  });
});
