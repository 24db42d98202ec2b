import { PGlite } from '@electric-sql/pglite';
import type { MemoryOp, MemoryScope } from '@symfonic/core';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDrizzleStore } from '../create-drizzle-store.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';
import { pinnedFromIndex } from './pinned-from-index.js';
import { ReadIndex } from './read-index.js';
import { selectPinned } from './select-pinned.js';

// One PGlite for the file: a cold start takes seconds.
const client = PGlite.create();
afterAll(async () => (await client).close());

const scopes: MemoryScope[] = [
  { tenant: 'acme', path: ['user:1'] },
  { tenant: 'acme', path: ['user:1', 'conversation:1'] },
  { tenant: 'acme', path: ['user:2'] },
  { tenant: 'other', path: ['user:1'] },
];
/** Saliences around the floors the statement treats apart (0.9), with ties. */
const salience = fc.constantFrom(0, 0.3, 0.5, 0.89, 0.9, 0.95, 1);
const scopeIndex = fc.nat({ max: scopes.length - 1 });

const write = fc.record({
  scope: scopeIndex,
  // Several adds in one apply share one update time: their order is the id's.
  adds: fc.array(
    fc.record({ layer: fc.constantFrom('semantic' as const, 'episodic' as const), salience }),
    { maxLength: 6 },
  ),
  updates: fc.array(fc.record({ pick: fc.nat(), salience }), { maxLength: 2 }),
  deletes: fc.array(fc.nat(), { maxLength: 2 }),
});
const ask = fc.record({
  scope: scopeIndex,
  minSalience: fc.constantFrom(0, 0.5, 0.9, 0.95, 1),
  limit: fc.nat({ max: 8 }),
});

describe('pinnedFromIndex', () => {
  it('picks the same facts as selectPinned, after any sequence of adds, updates and deletes', async () => {
    const db = drizzle({ client: await client });
    const store = await openDrizzleStore({ db }, { soleWriter: true });
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 6 }),
        fc.array(ask, { minLength: 1, maxLength: 6 }),
        async (writes, asks) => {
          await eraseStoreTables(db);
          for (const [step, planned] of writes.entries()) {
            const scope = scopes[planned.scope] as MemoryScope;
            const existing = (await store.list(scope, { limit: 100 })).records.filter(
              (record) => record.scope.path.join('/') === scope.path.join('/'),
            );
            const ops: MemoryOp[] = planned.adds.map((add, at) => ({
              op: 'add',
              layer: add.layer,
              text: `note ${step} ${at}`,
              salience: add.salience,
            }));
            for (const update of planned.updates) {
              const record = existing[update.pick % Math.max(1, existing.length)];
              if (record) {
                ops.push({
                  op: 'update',
                  id: record.id,
                  text: `updated ${step}`,
                  salience: update.salience,
                });
              }
            }
            for (const pick of planned.deletes) {
              const record = existing[pick % Math.max(1, existing.length)];
              if (record && !ops.some((op) => 'id' in op && op.id === record.id)) {
                ops.push({ op: 'delete', id: record.id });
              }
            }
            if (ops.length > 0) await store.apply(scope, ops, { writer: 'test' });
          }
          const index = new ReadIndex(db);
          expect(await index.ready()).toBe(true);
          for (const asked of asks) {
            const scope = scopes[asked.scope] as MemoryScope;
            const fromSql = await selectPinned(db, scope, asked.minSalience, asked.limit);
            expect(pinnedFromIndex(index, scope, asked.minSalience, asked.limit)).toEqual(fromSql);
          }
        },
      ),
      { numRuns: 40 },
    );
    await store.close();
  }, 120_000);

  it('answers nothing while the index cannot answer', async () => {
    const db = drizzle({ client: await client });
    const index = new ReadIndex(db);
    expect(pinnedFromIndex(index, scopes[0] as MemoryScope, 0, 5)).toBeUndefined();
  });
});
