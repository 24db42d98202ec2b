import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MemoryUnavailable } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { migrationsFolder } from '../database/migrations-folder.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';

const client = PGlite.create();
afterAll(async () => (await client).close());
const opened = client.then(async (database) => {
  const db = drizzle({ client: database });
  return { db, store: await createDrizzleStore({ db }) };
});

const user = { tenant: 'acme', path: ['user:1'] };
const conversation = { tenant: 'acme', path: ['user:1', 'c:1'] };
const writer = { writer: 'test' };

/** Forget the paths of versions and turns, as rows written before migration 0007 had none. */
async function asBeforeThePaths(): Promise<void> {
  const { db } = await opened;
  await db.execute(sql`update symfonic.memory_versions set path = null`);
  await db.execute(sql`update symfonic.turns set path = null`);
}

beforeEach(async () => eraseStoreTables((await opened).db));

describe('scope paths of versions and turns (migration 0007)', () => {
  it("fills an older row's path from a memory at the same scope", async () => {
    const { db, store } = await opened;
    const [kept, gone] = (
      await store.apply(
        conversation,
        [
          { op: 'add', text: 'Kept' },
          { op: 'add', text: 'Gone' },
        ],
        writer,
      )
    ).applied.map((applied) => applied.record.id);
    await store.apply(conversation, [{ op: 'delete', id: gone as string }], writer);
    await store.append(conversation, { turnId: 't1', text: 'Hi' });
    await asBeforeThePaths();
    const migration = readFileSync(join(migrationsFolder, '0007_feed-paths.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--[^\n]*\n\s*)*UPDATE/i.test(statement)) await db.execute(sql.raw(statement));
    }
    const changes = (await store.changes(user)).changes;
    expect(changes.map((change) => [change.memoryId, change.scope])).toEqual(
      expect.arrayContaining([
        [kept, conversation],
        [gone, conversation],
      ]),
    );
    expect((await store.turns(user)).turns.map((turn) => turn.scope)).toEqual([conversation]);
  });

  it('places an older row at the asking scope or its ancestors, and fails visibly below it', async () => {
    const { store } = await opened;
    const [deleted] = (await store.apply(conversation, [{ op: 'add', text: 'Gone' }], writer))
      .applied;
    await store.apply(conversation, [{ op: 'delete', id: deleted?.record.id as string }], writer);
    await asBeforeThePaths();
    expect((await store.changes(conversation)).changes.map((change) => change.scope)).toEqual([
      conversation,
      conversation,
    ]);
    const below = await store.changes(user).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(MemoryUnavailable.isInstance(below)).toBe(true);
    expect((below as Error).message).toContain('no memory names');
  });
});
