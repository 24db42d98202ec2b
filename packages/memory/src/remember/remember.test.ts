import {
  InvalidMemoryInput,
  Limits,
  type MemoryScope,
  type MemoryStore,
  MemoryUnavailable,
} from '@symfonic/core';
import { storeKinds } from '@symfonic/surface-contract/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import {
  anthropicReply,
  geminiReply,
  openaiChatReply,
  opsJson,
} from '../__fixtures__/provider-replies.js';
import { createMemory, type Memory } from '../create-memory.js';

const provenance = { writer: 'agent:test', turnId: 'turn-7' };

describe.each(storeKinds)('remember on the $name store', (kind) => {
  let store: MemoryStore;
  let memory: Memory;
  beforeAll(async () => {
    store = await kind.open();
    memory = createMemory({ store, working: { recentTurns: 0 } });
  });
  afterAll(async () => {
    await store.close();
  });

  async function texts(scope: MemoryScope): Promise<string[]> {
    const page = await store.list(scope);
    return page.records.map(({ text }) => text).sort();
  }

  async function withBlock() {
    const { user } = freshUser();
    await store.apply(
      user,
      [
        { op: 'add', text: 'The user lives in Paris', salience: 0.8 },
        { op: 'add', text: 'The user has a cat named Miso', salience: 0.6 },
      ],
      { writer: 'seed' },
    );
    const block = await memory.hydrate(user, 'user');
    const refOf = (text: string) => block.recalled.find(({ record }) => record.text === text)?.ref;
    return { user, block, refOf };
  }

  it('applies add, update and delete by ref in one write, with provenance and the reply family', async () => {
    const { user, block, refOf } = await withBlock();
    const reply = anthropicReply(
      `Noted, Lyon it is!\n\n${opsJson([
        { op: 'update', ref: refOf('The user lives in Paris'), text: 'The user lives in Lyon' },
        { op: 'delete', ref: refOf('The user has a cat named Miso') },
        { op: 'add', layer: 'episodic', text: 'The user moved house in November', salience: 0.4 },
      ])}`,
      'The user says they moved. {"ops": [{"op": "add", "text": "thinking is not an answer"}]}',
    );
    const outcome = await memory.remember(user, reply, { provenance, refs: block.refs });
    expect(outcome.family).toBe('anthropic');
    expect(outcome.answer).toBe('Noted, Lyon it is!');
    expect(outcome.ignored).toEqual(['thinking']);
    expect(outcome.unreadable).toBeUndefined();
    expect(outcome.rejected).toEqual([]);
    expect(outcome.applied.map(({ index, op, ref }) => [index, op, ref])).toEqual([
      [0, 'update', refOf('The user lives in Paris')],
      [1, 'delete', refOf('The user has a cat named Miso')],
      [2, 'add', undefined],
    ]);
    expect(await texts(user)).toEqual([
      'The user lives in Lyon',
      'The user moved house in November',
    ]);
    const updated = outcome.applied[0]?.record;
    expect(updated?.id).toBe(block.refs[refOf('The user lives in Paris') as string]);
    const history = await store.history(user, updated?.id as string);
    expect(history.map(({ change, text }) => [change, text])).toEqual([
      ['created', 'The user lives in Paris'],
      ['updated', 'The user lives in Lyon'],
    ]);
    expect(history[1]?.provenance).toEqual({ ...provenance, replyFamily: 'anthropic' });
  });

  it('refuses an invented ref, an id from the model, duplicates and text over the limit, applying the rest', async () => {
    const { user, block, refOf } = await withBlock();
    const other = freshUser();
    const foreign = await store.apply(other.user, [{ op: 'add', text: 'Another tenant secret' }], {
      writer: 'seed',
    });
    const foreignId = foreign.applied[0]?.record.id as string;
    const reply = openaiChatReply(
      opsJson([
        { op: 'update', ref: '#99', text: 'invented' },
        { op: 'delete', id: foreignId },
        { op: 'add', text: 'the user   LIVES in paris' },
        { op: 'add', text: 'The user likes jazz' },
        { op: 'add', text: 'The user likes  jazz' },
        { op: 'add', text: 'x'.repeat(Limits.memoryText + 1) },
        {
          op: 'update',
          ref: refOf('The user has a cat named Miso'),
          text: 'The user has two cats',
        },
      ]),
    );
    const outcome = await memory.remember(user, reply, { provenance, refs: block.refs });
    expect(outcome.family).toBe('openai-chat');
    expect(outcome.applied.map(({ index }) => index)).toEqual([3, 6]);
    expect(outcome.rejected.map(({ index, code }) => [index, code])).toEqual([
      [0, 'unknown-ref'],
      [1, 'id-from-model'],
      [2, 'duplicate'],
      [4, 'duplicate'],
      [5, 'text-too-long'],
    ]);
    expect(outcome.rejected[2]?.existingId).toBe(
      block.refs[refOf('The user lives in Paris') as string],
    );
    expect(outcome.rejected[3]?.reason).toBe('op 3 of this reply adds the same text');
    for (const { reason } of outcome.rejected) expect(reason.length).toBeGreaterThan(0);
    expect(await texts(user)).toEqual([
      'The user has two cats',
      'The user likes jazz',
      'The user lives in Paris',
    ]);
    expect(await texts(other.user)).toEqual(['Another tenant secret']);
  });

  it('treats every ref as unknown without the block refs', async () => {
    const { user } = await withBlock();
    const outcome = await memory.remember(user, opsJson([{ op: 'delete', ref: '#1' }]), {
      provenance,
    });
    expect(outcome.family).toBe('text');
    expect(outcome.rejected.map(({ code }) => code)).toEqual(['unknown-ref']);
  });

  it('writes nothing for a reply no family reads, and says so', async () => {
    const { user } = freshUser();
    const outcome = await memory.remember(
      user,
      { result: opsJson([{ op: 'add', text: 'x' }]) },
      {
        provenance,
      },
    );
    expect(outcome).toEqual({
      family: 'unknown',
      answer: '',
      applied: [],
      rejected: [],
      toolCalls: [],
      ignored: [],
      unreadable: {
        code: 'unreadable-reply',
        reason: 'no provider family recognises the shape of the reply',
      },
    });
    expect(await texts(user)).toEqual([]);
  });

  it('writes nothing when the JSON is only in a thinking block, naming what was skipped', async () => {
    const { user } = freshUser();
    const thinking = opsJson([{ op: 'add', text: 'The user is an admin' }]);
    for (const reply of [
      anthropicReply('Sure, happy to help.', thinking),
      geminiReply('Sure.', thinking),
    ]) {
      const outcome = await memory.remember(user, reply, { provenance });
      expect(outcome.applied).toEqual([]);
      expect(outcome.unreadable?.code).toBe('no-json-object');
      expect(outcome.unreadable?.reason).toContain('skipped:');
      expect(outcome.ignored.length).toBe(1);
    }
    const empty = await memory.remember(user, anthropicReply('', thinking), { provenance });
    expect(empty.unreadable).toEqual({
      code: 'no-json-object',
      reason: 'the reply has no answer text (skipped: thinking)',
    });
    expect(await texts(user)).toEqual([]);
  });

  it('writes nothing for a JSON object without an ops list', async () => {
    const { user } = freshUser();
    for (const text of ['{"remember": [{"op": "add", "text": "x"}]}', '{"ops": "add x"}']) {
      const outcome = await memory.remember(user, geminiReply(text), { provenance });
      expect(outcome.family).toBe('gemini');
      expect(outcome.unreadable).toEqual({
        code: 'no-ops',
        reason: 'no JSON object of the answer text has an "ops" list',
      });
    }
    expect(await texts(user)).toEqual([]);
  });

  it('accepts an empty ops list as a reply that remembers nothing', async () => {
    const { user } = freshUser();
    const outcome = await memory.remember(user, 'Nothing new. {"ops": []}', { provenance });
    expect(outcome).toEqual({
      family: 'text',
      answer: 'Nothing new.',
      applied: [],
      rejected: [],
      toolCalls: [],
      ignored: [],
    });
  });

  it('refuses malformed provenance, scope or refs before writing anything', async () => {
    const { user } = freshUser();
    const reply = opsJson([{ op: 'add', text: 'The user likes tea' }]);
    await expect(memory.remember(user, reply, { provenance: { writer: '' } })).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
    await expect(
      memory.remember({ tenant: 'acme', path: ['a\nb'] }, reply, { provenance }),
    ).rejects.toSatisfy(InvalidMemoryInput.isInstance);
    await expect(
      memory.remember(user, reply, {
        provenance,
        refs: { '#1': 7 } as unknown as Record<string, string>,
      }),
    ).rejects.toSatisfy(InvalidMemoryInput.isInstance);
    expect(await texts(user)).toEqual([]);
  });

  it('throws MemoryUnavailable when the store cannot be reached, having written nothing', async () => {
    const closed = await kind.open();
    await closed.close();
    const { user } = freshUser();
    await expect(
      createMemory({ store: closed }).remember(user, opsJson([{ op: 'add', text: 'x' }]), {
        provenance,
      }),
    ).rejects.toSatisfy(MemoryUnavailable.isInstance);
  });
});

describe('remember without its options', () => {
  it('is refused with a typed error that says what to pass, and writes nothing', async () => {
    const written: unknown[] = [];
    const memory = createMemory({
      store: {
        apply: async (...args) => {
          written.push(args);
          return { applied: [], rejected: [] };
        },
      },
    });
    const reply = opsJson([{ op: 'add', text: 'The user lives in Lyon' }]);
    const failure = await (
      memory.remember as (scope: MemoryScope, reply: unknown) => Promise<unknown>
    )({ tenant: 'acme', path: ['user:1'] }, reply).catch((error: unknown) => error);
    expect(InvalidMemoryInput.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe(
      'invalid remember options: pass { provenance: { writer } } as the third argument (who writes, and from which turn), with the refs of the block the reply was written from',
    );
    expect(written).toEqual([]);
  });
});
