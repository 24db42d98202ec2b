import { PGlite } from '@electric-sql/pglite';
import { type MemoryScope, ScopeViolation } from '@symfonic/core';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { runInTransaction } from '../database/run-in-transaction.js';
import { memories } from '../schema/memories.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { scopePlacement } from '../scope/scope-placement.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';
import { applyMemoryOps } from './apply-memory-ops.js';

const client = PGlite.create();
afterAll(async () => (await client).close());
const opened = client.then(async (database) => {
  const db = drizzle({ client: database });
  return { db, store: await createDrizzleStore({ db }) };
});
const provenance = { writer: 'apply-test' };

beforeEach(async () => eraseStoreTables((await opened).db));

/** Every memory and version row, with the scope key it is placed at. */
async function storedRows() {
  const { db } = await opened;
  return {
    memories: await db.select({ id: memories.id, scopeKey: memories.scopeKey }).from(memories),
    versions: await db
      .select({ id: memoryVersions.memoryId, scopeKey: memoryVersions.scopeKey })
      .from(memoryVersions),
  };
}

describe('applyMemoryOps placement', () => {
  it('places the versions of an add at the caller’s scope', async () => {
    const { store } = await opened;
    const scope: MemoryScope = { tenant: 'acme', path: ['user:1'] };
    await store.apply(scope, [{ op: 'add', text: 'Likes tea' }], provenance);
    const rows = await storedRows();
    const key = scopePlacement(scope).scopeKey;
    expect(rows.memories.map((row) => row.scopeKey)).toEqual([key]);
    expect(rows.versions.map((row) => row.scopeKey)).toEqual([key]);
  });

  it('fails an add whose scope the database answers altered, and writes nothing', async () => {
    // Core refuses a lone surrogate in a scope; this drives the write below that check,
    // where PostgreSQL turns the half emoji into U+FFFD, another (valid) scope.
    const { db } = await opened;
    const altered: MemoryScope = { tenant: 'acme', path: ['user:ab\uD83D'] };
    await expect(
      runInTransaction(db, (transaction) =>
        applyMemoryOps(transaction, [{ index: 0, op: add('Secret') }], {
          scope: altered,
          provenance,
          now: new Date(),
        }),
      ),
    ).rejects.toSatisfy(ScopeViolation.isInstance);
    expect(await storedRows()).toEqual({ memories: [], versions: [] });
  });

  it('fails an update or delete of a row whose path no longer matches its placement', async () => {
    const { db, store } = await opened;
    const scope: MemoryScope = { tenant: 'acme', path: ['user:1'] };
    const [added] = (await store.apply(scope, [{ op: 'add', text: 'Likes tea' }], provenance))
      .applied;
    if (!added) throw new Error('the memory was not written');
    await db
      .update(memories)
      .set({ path: sql`array['user:2']` })
      .where(eq(memories.id, added.record.id));
    for (const op of [
      { op: 'update' as const, id: added.record.id, text: 'Likes coffee' },
      { op: 'delete' as const, id: added.record.id },
    ]) {
      await expect(store.apply(scope, [op], provenance)).rejects.toSatisfy(
        ScopeViolation.isInstance,
      );
    }
    const rows = await storedRows();
    expect(rows.memories).toHaveLength(1);
    expect(rows.versions).toHaveLength(1);
  });
});

function add(text: string) {
  return { op: 'add' as const, layer: 'semantic' as const, text, salience: 0.5 };
}
