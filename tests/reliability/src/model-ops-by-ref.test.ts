import { Limits, type MemoryStore } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const user = { tenant: 'acme', path: ['user:1'] };
const conversation = { tenant: 'acme', path: ['user:1', 'conversation:1'] };
const provenance = { writer: 'agent:review', turnId: 'turn-1' };

/** Replies that name a memory by id, through the answer text and through the memory tool. */
function replies(id: string): Record<string, unknown> {
  const ops = [
    { op: 'update', id, text: 'Overwritten by a model that was never shown it' },
    { op: 'delete', id },
  ];
  return {
    text: JSON.stringify({ ops }),
    toolCall: {
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'memory_ops', input: { ops } }],
    },
  };
}

describe('a model names memories by the refs of its block only', () => {
  let store: MemoryStore;
  beforeEach(() => {
    store = createInMemoryStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('refuses an id from a model, in both channels, saying why; the memory is untouched', async () => {
    const memory = createMemory({ store });
    const seeded = await store.apply(
      conversation,
      [{ op: 'add', text: 'The user asked about flights to Oslo' }],
      { writer: 'seed' },
    );
    const target = seeded.applied[0]?.record;
    if (!target) throw new Error('the seed was not written');
    for (const [channel, reply] of Object.entries(replies(target.id))) {
      const outcome = await memory.remember(conversation, reply, { provenance, refs: {} });
      expect({ channel, applied: outcome.applied }).toEqual({ channel, applied: [] });
      expect(outcome.rejected.map(({ code }) => code)).toEqual(['id-from-model', 'id-from-model']);
      for (const { reason } of outcome.rejected) expect(reason).toMatch(/only by a ref/);
    }
    expect(await store.get(conversation, target.id)).toMatchObject({ text: target.text });
    const history = await store.history(conversation, target.id);
    expect(history.map(({ change }) => change)).toEqual(['created']);
  });

  it('keeps ids for an application writing to the store directly', async () => {
    const seeded = await store.apply(user, [{ op: 'add', text: 'The user likes tea' }], {
      writer: 'seed',
    });
    const id = seeded.applied[0]?.record.id as string;
    const result = await store.apply(
      user,
      [{ op: 'update', id, text: 'The user likes green tea' }],
      {
        writer: 'app',
      },
    );
    expect(result.applied.map(({ record }) => record.text)).toEqual(['The user likes green tea']);
  });
});

describe(`a reply carries at most Limits.opsPerApply (${Limits.opsPerApply}) ops`, () => {
  it('judges the first ops and refuses every op after them as too-many-ops, across channels', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const adds = (from: number, count: number) =>
      Array.from({ length: count }, (_, offset) => ({
        op: 'add',
        text: `Fact number ${from + offset}`,
      }));
    const half = Limits.opsPerApply / 2;
    const reply = {
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'text', text: JSON.stringify({ ops: adds(0, half + 10) }) },
        { type: 'tool_use', id: 'toolu_1', name: 'memory_ops', input: { ops: adds(1000, half) } },
      ],
    };
    const outcome = await memory.remember(user, reply, { provenance });
    expect(outcome.applied).toHaveLength(Limits.opsPerApply);
    expect(outcome.rejected).toHaveLength(10);
    for (const rejection of outcome.rejected) {
      expect(rejection).toMatchObject({ code: 'too-many-ops', channel: 'tool-call' });
      expect(rejection.index).toBeGreaterThanOrEqual(Limits.opsPerApply);
    }
    const page = await store.list(user, { limit: Limits.queryLimit });
    expect(page.records).toHaveLength(Limits.opsPerApply);
    await store.close();
  });
});
