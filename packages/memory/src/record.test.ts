import { InvalidMemoryInput, Limits, type MemoryStore, MemoryUnavailable } from '@symfonic/core';
import { storeKinds } from '@symfonic/surface-contract/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from './__fixtures__/fresh-scopes.js';
import { createMemory, type Memory } from './create-memory.js';

describe.each(storeKinds)('record on the $name store', (kind) => {
  let store: MemoryStore;
  let memory: Memory;
  beforeAll(async () => {
    store = await kind.open();
    memory = createMemory({ store });
  });
  afterAll(async () => {
    await store.close();
  });

  it('logs turns the working window then reads, a retried turn once', async () => {
    const { conversation } = freshUser();
    await memory.record(conversation, { turnId: 't1', speaker: 'user', text: 'hello', turn: 1 });
    await memory.record(conversation, { turnId: 't1', speaker: 'user', text: 'hello', turn: 1 });
    await memory.record(conversation, { turnId: 't2', text: 'no speaker given', turn: 2 });
    const block = await memory.hydrate(conversation, 'hello');
    expect(block.working.turns.map(({ turnId, speaker }) => [turnId, speaker])).toEqual([
      ['t1', 'user'],
      ['t2', ''],
    ]);
  });

  it('lets the store number turns: two chats logging at once never share a number', async () => {
    const { conversation } = freshUser();
    const chats = await Promise.all(
      ['first chat', 'second chat'].map(async (chat) => {
        const question = await memory.record(conversation, {
          turnId: `${chat}: question`,
          speaker: 'user',
          text: 'hello',
        });
        const answer = await memory.record(conversation, {
          turnId: `${chat}: answer`,
          speaker: 'assistant',
          text: 'hi',
        });
        return [question.turn, answer.turn];
      }),
    );
    expect(chats.flat().sort()).toEqual([0, 1, 2, 3]);
    const logged = await store.recent(conversation, 10);
    expect(logged.map(({ turn }) => turn)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a malformed turn or scope before writing', async () => {
    const { conversation } = freshUser();
    const bad = [
      { turnId: '', text: 'x', turn: 1 },
      { turnId: 't', text: 'x'.repeat(Limits.turnText + 1), turn: 1 },
      { turnId: 't', text: 'x', turn: -1 },
      { turnId: 't', text: 'x', turn: 1, tenant: 'other' },
    ];
    for (const turn of bad) {
      await expect(memory.record(conversation, turn as never)).rejects.toSatisfy(
        InvalidMemoryInput.isInstance,
      );
    }
    await expect(
      memory.record({ tenant: '', path: [] }, { turnId: 't', text: 'x', turn: 1 }),
    ).rejects.toSatisfy(InvalidMemoryInput.isInstance);
    expect(await store.recent(conversation, 10)).toEqual([]);
  });

  it('throws MemoryUnavailable when the log cannot be reached', async () => {
    const closed = await kind.open();
    await closed.close();
    await expect(
      createMemory({ store: closed }).record(freshUser().conversation, {
        turnId: 't',
        text: 'x',
        turn: 1,
      }),
    ).rejects.toSatisfy(MemoryUnavailable.isInstance);
  });
});
