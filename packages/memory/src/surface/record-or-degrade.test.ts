import { createInMemoryStore } from '@symfonic/store-memory';
import { afterAll, describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { createMemory } from '../create-memory.js';
import { recordOrDegrade } from './record-or-degrade.js';

const clock = () => new Date('2026-12-02T12:00:00Z');
const store = createInMemoryStore();
afterAll(() => store.close());

describe('recordOrDegrade', () => {
  it('logs the turn, or names it in a degradation when the store is down', async () => {
    const { conversation } = freshUser();
    const turn = { turnId: 'turn-1', speaker: 'user', text: 'hello' };
    expect(await recordOrDegrade(createMemory({ store, clock }), conversation, turn)).toBe(
      undefined,
    );
    expect(await store.recent(conversation, 5)).toMatchObject([{ turnId: 'turn-1' }]);

    const closed = createInMemoryStore();
    await closed.close();
    const degraded = await recordOrDegrade(
      createMemory({ store: closed, clock }),
      conversation,
      turn,
    );
    expect(degraded?.code).toBe('record-failed');
    expect(degraded?.detail).toMatch(/^turn turn-1: /);
  });
});
