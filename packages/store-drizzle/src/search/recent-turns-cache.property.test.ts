import { PGlite } from '@electric-sql/pglite';
import type { MemoryScope } from '@symfonic/core';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDrizzleStore } from '../create-drizzle-store.js';
import { selectRecentTurns } from '../rows/select-recent-turns.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';

// One PGlite for the file: a cold start takes seconds.
const client = PGlite.create();
afterAll(async () => (await client).close());

const scopes: MemoryScope[] = [
  { tenant: 'acme', path: ['user:1', 'conversation:1'] },
  { tenant: 'acme', path: ['user:1', 'conversation:2'] },
  { tenant: 'acme', path: ['user:1'] },
  { tenant: 'other', path: ['user:1', 'conversation:1'] },
];
const at = (index: number) => scopes[index] as MemoryScope;
const turnIds = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7'];

const scopeIndex = fc.nat({ max: scopes.length - 1 });
const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      scope: scopeIndex,
      turnId: fc.constantFrom(...turnIds),
      turn: fc.option(fc.nat({ max: 6 }), { nil: undefined }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      scope: scopeIndex,
      limit: fc.nat({ max: 7 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('restore' as const),
      scope: scopeIndex,
      turnId: fc.constantFrom(...turnIds),
      turn: fc.nat({ max: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forget' as const), scope: scopeIndex }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('overlapping' as const),
      scopes: fc.tuple(scopeIndex, scopeIndex),
      turnIds: fc.tuple(fc.constantFrom(...turnIds), fc.constantFrom(...turnIds)),
      limit: fc.integer({ min: 1, max: 7 }),
    }),
  },
);

describe('the recent turns a sole-writer store keeps', () => {
  it('read what the log holds, after any sequence of appends, restores, forgets and overlapping calls', async () => {
    const db = drizzle({ client: await client });
    await (await openDrizzleStore({ db }, { soleWriter: false })).close();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        await eraseStoreTables(db);
        const store = await openDrizzleStore({ db }, { soleWriter: true });
        try {
          let logged = 0;
          for (const action of steps) {
            switch (action.kind) {
              case 'append':
                await store.append(at(action.scope), {
                  turnId: action.turnId,
                  text: `said ${action.turnId}`,
                  ...(action.turn === undefined ? {} : { turn: action.turn }),
                });
                break;
              case 'read':
                expect(await store.recent(at(action.scope), action.limit)).toEqual(
                  await selectRecentTurns(db, at(action.scope), action.limit),
                );
                break;
              case 'restore':
                logged += 1;
                await store.restore(at(action.scope), {
                  turns: [
                    {
                      scope: at(action.scope),
                      turnId: `${action.turnId}-restored-${logged}`,
                      speaker: '',
                      text: 'restored',
                      turn: action.turn,
                      at: new Date('2026-12-01T12:00:00.000Z'),
                    },
                  ],
                });
                break;
              case 'forget':
                await store.forget(at(action.scope));
                break;
              case 'overlapping': {
                const [first, second] = action.scopes.map(at) as [MemoryScope, MemoryScope];
                await Promise.all([
                  store.recent(first, action.limit),
                  store.append(first, { turnId: action.turnIds[0], text: 'one' }),
                  store.append(second, { turnId: action.turnIds[1], text: 'two' }),
                  store.recent(second, action.limit),
                ]);
                break;
              }
            }
          }
          for (const scope of scopes) {
            for (const limit of [1, 3, 7]) {
              expect(await store.recent(scope, limit)).toEqual(
                await selectRecentTurns(db, scope, limit),
              );
            }
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
