import {
  type CandidateSource,
  type ConversationSource,
  InvalidMemoryInput,
  type MemoryStore,
  ScopeViolation,
} from '@symfonic/core';
import { createInMemoryStore } from '@symfonic/store-memory';
import { barrier } from '@symfonic/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { leakingCandidates } from '../__fixtures__/leaking-candidates.js';
import { createMemory } from '../create-memory.js';
import { emptyMemoryBlock, hydrateWithinBudget } from './hydrate-within-budget.js';

const clock = () => new Date('2026-12-02T12:00:00Z');
const writer = { writer: 'test' };
const store: MemoryStore = createInMemoryStore();
afterAll(() => store.close());

describe('hydrateWithinBudget', () => {
  it('answers the block hydrate builds, with nothing degraded', async () => {
    const { user, conversation } = freshUser();
    await store.apply(user, [{ op: 'add', text: 'Drinks green tea every morning' }], writer);
    const memory = createMemory({ store, clock });
    const budgeted = await hydrateWithinBudget(memory, conversation, 'tea', 60_000);
    expect(budgeted.block).toEqual(await memory.hydrate(conversation, 'tea'));
    expect(budgeted.block.text).toContain('Drinks green tea every morning');
    expect(budgeted.degraded).toEqual([]);
    expect(budgeted.late).toBeUndefined();
  });

  it('goes without the block past the budget, and hands over what the hydration settles to', async () => {
    const { conversation } = freshUser();
    const held = barrier();
    // A log that answers once the test opens the barrier: the hydration outlives any budget.
    const slowLog: ConversationSource & CandidateSource = {
      async recent(scope, limit) {
        await held.opened;
        return store.recent(scope, limit);
      },
      scanCandidates: (query) => store.scanCandidates(query),
    };
    const memory = createMemory({ store: slowLog, clock });
    const budgeted = await hydrateWithinBudget(memory, conversation, 'tea', 1);
    expect(budgeted.block).toBe(emptyMemoryBlock);
    expect(budgeted.degraded).toEqual([
      {
        code: 'hydrate-timeout',
        detail: 'the block took longer than 1 ms: the call went without it',
      },
    ]);
    held.open();
    expect(await budgeted.late).toBeUndefined();
  });

  it('degrades what memory may refuse, and throws a scope violation', async () => {
    const { user, conversation } = freshUser();
    // A store that refuses the cue: hydrate throws its InvalidMemoryInput.
    const refusing: CandidateSource = {
      async scanCandidates() {
        throw new InvalidMemoryInput('the cue is more than this store accepts');
      },
    };
    const refused = await hydrateWithinBudget(
      createMemory({ store: refusing, clock, working: { recentTurns: 0 } }),
      conversation,
      'tea',
      60_000,
    );
    expect(refused.block).toBe(emptyMemoryBlock);
    expect(refused.degraded).toEqual([
      { code: 'hydrate-failed', detail: 'the cue is more than this store accepts' },
    ]);

    const other = freshUser();
    await store.apply(user, [{ op: 'add', text: 'Drinks tea' }], writer);
    await store.apply(other.user, [{ op: 'add', text: 'Another tenant drinks tea' }], writer);
    const leaking = leakingCandidates(store, other.user);
    const leak = createMemory({ store: leaking, clock, working: { recentTurns: 0 } });
    const failure = await hydrateWithinBudget(leak, user, 'tea', 60_000).catch(
      (error: unknown) => error,
    );
    expect(ScopeViolation.isInstance(failure)).toBe(true);
  });
});
