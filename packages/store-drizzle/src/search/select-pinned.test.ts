import { PGlite } from '@electric-sql/pglite';
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

/** The plan PostgreSQL chooses for the pinned statement, as text. */
async function plan(scope: typeof user, minSalience: number): Promise<string> {
  const { sql, params } = pinnedQuery(database, scope, minSalience, 10).toSQL();
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
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
  it('reads the salient-memory indexes, never the scope', async () => {
    for (const scope of [user, conversation]) {
      const text = await plan(scope, 0.9);
      expect(text).toContain('memories_salient ');
      expect(text).toContain('memories_salient_below');
      expect(text).not.toMatch(/Seq Scan on memories/);
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
});
