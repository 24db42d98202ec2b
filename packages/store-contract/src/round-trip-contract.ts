import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acme, addMemories, globex } from './contract-fixtures.js';
import { allChanges, readAll } from './read-all.js';
import type { OpenStoreHarness, StoreHarness } from './store-harness.js';
import { createTestEmbedder } from './test-embedder.js';

/** Carries everything at or below `scope` from `source` to `target` (a dump piped into a restore, say). */
export type TransferScope = (
  source: MemoryStore,
  target: MemoryStore,
  scope: MemoryScope,
) => Promise<void>;

/** Write a history with every kind of change, context, metadata and turns, in two tenants. */
async function writeFixture(store: MemoryStore): Promise<void> {
  const agent = { writer: 'agent', turnId: 'turn-2', replyFamily: 'openai' };
  await addMemories(store, acme(), ['The office closes at six']);
  const [kept, changed, dropped] = await addMemories(
    store,
    acme('user:1'),
    [
      {
        op: 'add',
        text: 'Allergic to peanuts',
        salience: 0.95,
        metadata: { source: 'intake', tags: ['health'] },
      },
      { op: 'add', text: 'Lives in Porto', context: 'Asked where they live' },
      { op: 'add', text: 'Likes jazz', layer: 'episodic', salience: 0.2 },
    ],
    agent,
  );
  if (!kept || !changed || !dropped) throw new Error('the fixture needs three memories');
  await store.apply(
    acme('user:1'),
    [{ op: 'update', id: changed.id, text: 'Lives in Lisbon', context: 'Said they moved' }],
    { writer: 'agent', turnId: 'turn-5' },
  );
  await store.apply(acme('user:1'), [{ op: 'delete', id: dropped.id }], { writer: 'person' });
  await addMemories(store, acme('user:1', 'conversation:1'), [
    { op: 'add', text: 'Talked about the trip', layer: 'episodic' },
  ]);
  for (const [index, text] of ['Hello', 'I moved to Lisbon', 'Noted'].entries()) {
    await store.append(acme('user:1', 'conversation:1'), {
      turnId: `c1-${index}`,
      speaker: index % 2 === 0 ? 'user' : 'assistant',
      text,
    });
  }
  await store.append(acme('user:1', 'conversation:2'), {
    turnId: 'c2-0',
    text: 'Only a turn',
    turn: 3,
  });
  await store.append(acme('user:1', 'conversation:2'), {
    turnId: 'c2-1',
    text: 'Same number',
    turn: 3,
  });
  await addMemories(store, acme('user:2'), ['Another user entirely']);
  await addMemories(store, globex('user:1'), ['Another tenant entirely']);
}

/** Everything a person reads of `scope` and below: list, history, changes, recent, scopes, turns. */
async function readScope(store: MemoryStore, scope: MemoryScope) {
  const changes = await allChanges(store, scope, 2);
  const ids = [...new Set(changes.map((change) => change.memoryId))];
  const scopes = (
    await readAll(
      (options) => store.scopes(scope, options),
      (page) => page.scopes,
      2,
    )
  ).items;
  const recent = await Promise.all(scopes.map(async (summary) => store.recent(summary.scope, 50)));
  return {
    list: (
      await readAll(
        (options) =>
          store.list(scope, { limit: 2, ...(options.after ? { cursor: options.after } : {}) }),
        (page) => page.records,
      )
    ).items,
    history: await Promise.all(ids.map((id) => store.history(scope, id))),
    changes,
    recent,
    scopes,
    turns: (
      await readAll(
        (options) => store.turns(scope, options),
        (page) => page.turns,
        2,
      )
    ).items,
  };
}

/**
 * Declare the dump round trip on every ordered pair of `stores` (by name):
 * a history written to the first, carried by `transfer`, reads identically
 * from the second (`list`, `history`, `changes`, `recent`, `scopes`,
 * `turns`), nothing of another tenant travels, and a second transfer
 * changes nothing. Call it at the top level of a `*.contract.test.ts` file.
 */
export function describeRoundTripContract(
  stores: Readonly<Record<string, OpenStoreHarness>>,
  transfer: TransferScope,
): void {
  const names = Object.keys(stores);
  const embedder = createTestEmbedder();
  const harnesses = new Map<string, StoreHarness>();
  describe('dump round trip between stores', () => {
    beforeAll(async () => {
      for (const name of names) {
        harnesses.set(name, await (stores[name] as OpenStoreHarness)({ embedder }));
      }
    });
    afterAll(async () => {
      for (const harness of harnesses.values()) await harness.close();
    });
    for (const from of names) {
      for (const to of names) {
        if (from === to) continue;
        it(`carries a tenant from ${from} to ${to}, reading identically`, async () => {
          const source = harnesses.get(from) as StoreHarness;
          const target = harnesses.get(to) as StoreHarness;
          await source.reset();
          await target.reset();
          await writeFixture(source.store);
          await transfer(source.store, target.store, acme());
          const expected = await readScope(source.store, acme());
          expect(expected.changes).toHaveLength(8);
          expect(await readScope(target.store, acme())).toEqual(expected);
          expect((await target.store.changes(globex())).changes).toEqual([]);
          await transfer(source.store, target.store, acme());
          expect(await readScope(target.store, acme())).toEqual(expected);
        });
      }
    }
  });
}
