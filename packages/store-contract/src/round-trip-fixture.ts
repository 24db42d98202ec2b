import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { acme, addMemories, globex } from './contract-fixtures.js';
import { allChanges, readAll } from './read-all.js';

/** Write a history with every kind of change, context, metadata and turns, in two tenants. */
export async function writeFixture(store: MemoryStore): Promise<void> {
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
export async function readScope(store: MemoryStore, scope: MemoryScope) {
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
