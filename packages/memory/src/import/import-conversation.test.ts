import { InvalidMemoryInput, Limits, type MemoryStore, ScopeViolation } from '@symfonic/core';
import { createInMemoryStore } from '@symfonic/store-memory';
import { leakingStore } from '@symfonic/surface-contract';
import { storeKinds } from '@symfonic/surface-contract/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { createMemory } from '../create-memory.js';
import { MissingMemoryPort } from '../missing-memory-port.js';
import type { ImportedTurn, ImportOutcome } from './import-conversation.js';

const conversation: ImportedTurn[] = [
  {
    turnId: 't1',
    speaker: 'Caroline',
    text: 'What did you paint last weekend?',
    at: '8 May, 2023',
  },
  { turnId: 't2', speaker: 'Melanie', text: 'A sunset over the lake.', at: '8 May, 2023' },
  { turnId: 't3', speaker: 'Caroline', text: 'Lovely! I went to a support group.' },
  { turnId: 't4', speaker: 'Melanie', text: 'How was it?', at: new Date('2023-05-08T13:56:30Z') },
];

/** Every input turn, in exactly one list of the outcome. */
function accountedFor(outcome: ImportOutcome): number {
  return (
    outcome.imported.length +
    outcome.alreadyImported.length +
    outcome.merged.length +
    outcome.refused.length
  );
}

describe.each(storeKinds)('importConversation on the $name store', (kind) => {
  let store: MemoryStore;
  beforeAll(async () => {
    store = await kind.open();
  });
  afterAll(async () => {
    await store.close();
  });

  it('writes one episodic memory per turn: [when] speaker: text, the turn before as context, the turn in metadata', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const outcome = await memory.importConversation(user, conversation);
    expect(outcome.imported.map(({ turnId }) => turnId)).toEqual(['t1', 't2', 't3', 't4']);
    expect(accountedFor(outcome)).toBe(conversation.length);
    const records = (await store.list(user)).records;
    expect(
      records.map(({ layer, text, context, metadata, provenance }) => ({
        layer,
        text,
        context,
        metadata,
        provenance,
      })),
    ).toEqual([
      {
        layer: 'episodic',
        text: '[8 May, 2023] Caroline: What did you paint last weekend?',
        context: undefined,
        metadata: { turnId: 't1', speaker: 'Caroline', at: '8 May, 2023' },
        provenance: { writer: 'symfonic-import' },
      },
      {
        layer: 'episodic',
        text: '[8 May, 2023] Melanie: A sunset over the lake.',
        context: 'Caroline: What did you paint last weekend?',
        metadata: { turnId: 't2', speaker: 'Melanie', at: '8 May, 2023' },
        provenance: { writer: 'symfonic-import' },
      },
      {
        layer: 'episodic',
        text: 'Caroline: Lovely! I went to a support group.',
        context: 'Melanie: A sunset over the lake.',
        metadata: { turnId: 't3', speaker: 'Caroline' },
        provenance: { writer: 'symfonic-import' },
      },
      {
        layer: 'episodic',
        text: '[2023-05-08 13:56 UTC] Melanie: How was it?',
        context: 'Caroline: Lovely! I went to a support group.',
        metadata: { turnId: 't4', speaker: 'Melanie', at: '2023-05-08T13:56:30.000Z' },
        provenance: { writer: 'symfonic-import' },
      },
    ]);
    expect(new Set(outcome.imported.map(({ memoryId }) => memoryId))).toEqual(
      new Set(records.map(({ id }) => id)),
    );
  });

  it('finds the answer by the words of the question it answers, and never renders the context', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store, working: { recentTurns: 0 } });
    await memory.importConversation(user, [
      { turnId: 'q', speaker: 'Caroline', text: 'What did you paint last weekend?' },
      { turnId: 'a', speaker: 'Melanie', text: 'A sunset over the lake.' },
      { turnId: 'x', speaker: 'Melanie', text: 'We went hiking on Sunday.' },
    ]);
    const block = await memory.hydrate(user, 'What got painted?');
    const recalled = block.recalled.map(({ record }) => record.text);
    expect(recalled).toContain('Melanie: A sunset over the lake.');
    expect(block.text).toContain('Melanie: A sunset over the lake.');
    expect(block.text.split('What did you paint')).toHaveLength(2);
  });

  it('is idempotent by turn id: a second run writes nothing and names the memories already there', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const first = await memory.importConversation(user, conversation);
    const second = await memory.importConversation(user, conversation);
    expect(second.imported).toEqual([]);
    expect(second.alreadyImported).toEqual(first.imported);
    expect((await store.list(user)).records).toHaveLength(conversation.length);
    const other = await memory.importConversation(user, conversation, {
      writer: 'another-importer',
    });
    expect(other.merged.map(({ turnId }) => turnId)).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('never brings back a memory deleted since, nor the old text of one updated since', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const first = await memory.importConversation(user, conversation);
    const idOf = (turnId: string) =>
      first.imported.find((imported) => imported.turnId === turnId)?.memoryId as string;
    await store.apply(
      user,
      [
        { op: 'delete', id: idOf('t2') },
        { op: 'update', id: idOf('t3'), text: 'Caroline: I went to a support group on Monday.' },
      ],
      { writer: 'user-edit' },
    );
    // t4's memory is updated, then deleted: it stays deleted.
    await store.apply(user, [{ op: 'update', id: idOf('t4'), text: 'Melanie: How did it go?' }], {
      writer: 'user-edit',
    });
    await store.apply(user, [{ op: 'delete', id: idOf('t4') }], { writer: 'user-edit' });
    const listed = async () => (await store.list(user)).records.map(({ text }) => text).sort();
    const before = await listed();

    const rerun = await memory.importConversation(user, conversation);
    expect(rerun.imported).toEqual([]);
    expect(rerun.alreadyImported).toEqual([
      { turnId: 't1', memoryId: idOf('t1') },
      { turnId: 't2', memoryId: idOf('t2'), reason: 'deleted-since' },
      { turnId: 't3', memoryId: idOf('t3'), reason: 'updated-since' },
      { turnId: 't4', memoryId: idOf('t4'), reason: 'deleted-since' },
    ]);
    expect(accountedFor(rerun)).toBe(conversation.length);
    expect(await listed()).toEqual(before);
    expect(before).toEqual([
      'Caroline: I went to a support group on Monday.',
      '[8 May, 2023] Caroline: What did you paint last weekend?',
    ]);
  });

  it('counts only its own writer: a memory another writer created and deleted is no import of its turn', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const [turn] = conversation;
    const other = await memory.importConversation(user, [turn as ImportedTurn], {
      writer: 'another-importer',
    });
    await store.apply(user, [{ op: 'delete', id: other.imported[0]?.memoryId as string }], {
      writer: 'user-edit',
    });
    const outcome = await memory.importConversation(user, conversation);
    expect(outcome.imported.map(({ turnId }) => turnId)).toEqual(['t1', 't2', 't3', 't4']);
    expect(outcome.alreadyImported).toEqual([]);
  });

  it('finishes an interrupted import on the next run: batches before the abort stay written', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const controller = new AbortController();
    const progress: number[] = [];
    await expect(
      memory.importConversation(user, conversation, {
        batchSize: 2,
        signal: controller.signal,
        onProgress: ({ done }) => {
          progress.push(done);
          controller.abort(new Error('stopped by the user'));
        },
      }),
    ).rejects.toThrow('stopped by the user');
    expect(progress).toEqual([2]);
    expect((await store.list(user)).records).toHaveLength(2);
    const rest = await memory.importConversation(user, conversation, { batchSize: 2 });
    expect(rest.alreadyImported.map(({ turnId }) => turnId)).toEqual(['t1', 't2']);
    expect(rest.imported.map(({ turnId }) => turnId)).toEqual(['t3', 't4']);
  });

  it('reports every turn it did not write and why, and writes the others', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const turns = [
      { turnId: 'a', speaker: 'Sam', text: 'Hello there' },
      { turnId: 'a', speaker: 'Sam', text: 'Hello again' },
      { turnId: '', speaker: 'Sam', text: 'No id' },
      { turnId: 'b', speaker: 'Sam', text: 'x'.repeat(Limits.memoryText + 1) },
      { turnId: 'c', speaker: 'Sam', text: 'Hello there' },
      { turnId: 'd', speaker: 'Sam', text: 42 },
      { turnId: 'e', speaker: 'Sam', text: 'Goodbye' },
    ] as unknown as ImportedTurn[];
    const outcome = await memory.importConversation(user, turns);
    expect(outcome.imported.map(({ turnId }) => turnId)).toEqual(['a', 'e']);
    expect(outcome.merged).toMatchObject([
      { turnId: 'c', memoryId: outcome.imported[0]?.memoryId },
    ]);
    expect(outcome.refused.map(({ index, turnId }) => [index, turnId])).toEqual([
      [1, 'a'],
      [2, ''],
      [3, 'b'],
      [5, 'd'],
    ]);
    expect(outcome.refused[0]?.reason).toContain('repeated');
    expect(outcome.refused[1]?.reason).toContain('"turnId"');
    expect(outcome.refused[2]?.reason).toContain(String(Limits.memoryText));
    expect(outcome.refused[3]?.reason).toContain('"text"');
    expect(accountedFor(outcome)).toBe(turns.length);
  });

  it('keeps the nearest end of a context past Limits.memoryContext, and counts it', async () => {
    const { user } = freshUser();
    const memory = createMemory({ store });
    const long = `${'a'.repeat(Limits.memoryContext)} the question?`;
    const outcome = await memory.importConversation(user, [
      { turnId: 'q', speaker: '', text: long },
      { turnId: 'a', speaker: 'Sam', text: 'The answer.' },
    ]);
    expect(outcome.contextShortened).toBe(1);
    const answer = await store.get(user, outcome.imported[1]?.memoryId as string);
    expect(answer?.context).toHaveLength(Limits.memoryContext);
    expect(answer?.context?.endsWith(' the question?')).toBe(true);
  });
});

describe('importConversation options', () => {
  it('takes contextTurns turns before each one (0 for none) and reports progress per batch', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const { user } = freshUser();
    const progress: number[] = [];
    const applies: number[] = [];
    const counted = {
      list: store.list.bind(store),
      listDeleted: store.listDeleted.bind(store),
      history: store.history.bind(store),
      apply: (...args: Parameters<MemoryStore['apply']>) => {
        applies.push(args[1].length);
        return store.apply(...args);
      },
    };
    await createMemory({ store: counted }).importConversation(user, conversation, {
      contextTurns: 2,
      batchSize: 3,
      onProgress: ({ done, total }) => progress.push(done / total),
    });
    expect(applies).toEqual([3, 1]);
    expect(progress).toEqual([0.75, 1]);
    const last = (await store.list(user)).records.at(-1);
    expect(last?.context).toBe(
      'Melanie: A sunset over the lake.\nCaroline: Lovely! I went to a support group.',
    );
    const { user: other } = freshUser();
    await memory.importConversation(other, conversation, { contextTurns: 0 });
    expect((await store.list(other)).records.map(({ context }) => context)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses malformed options, scope or turns with InvalidMemoryInput, writing nothing', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const { user } = freshUser();
    for (const options of [
      { batchSize: 0 },
      { batchSize: Limits.opsPerApply + 1 },
      { salience: 2 },
      { contextTurns: -1 },
      { writer: '' },
      { onProgress: 'yes' },
      { unknown: true },
    ]) {
      await expect(
        memory.importConversation(user, conversation, options as never),
      ).rejects.toBeInstanceOf(InvalidMemoryInput);
    }
    await expect(
      memory.importConversation({ tenant: '', path: [] }, conversation),
    ).rejects.toBeInstanceOf(InvalidMemoryInput);
    await expect(memory.importConversation(user, 'turns' as never)).rejects.toBeInstanceOf(
      InvalidMemoryInput,
    );
    expect((await store.list(user)).records).toEqual([]);
  });

  it('needs a store with apply, list, listDeleted and history', async () => {
    const store = createInMemoryStore();
    const ports = {
      apply: store.apply.bind(store),
      list: store.list.bind(store),
      listDeleted: store.listDeleted.bind(store),
      history: store.history.bind(store),
    };
    for (const missing of Object.keys(ports) as (keyof typeof ports)[]) {
      const { [missing]: _left, ...partial } = ports;
      const memory = createMemory({ store: partial });
      const failure = await memory
        .importConversation(freshUser().user, conversation)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MissingMemoryPort);
      expect((failure as Error).message).toContain(missing);
    }
  });
});

describe('importConversation over a leaking store', () => {
  it('throws ScopeViolation when the store lists another tenant’s memory, writing nothing', async () => {
    const base = createInMemoryStore();
    const foreign = { tenant: 'other', path: ['user:9'] };
    await base.apply(foreign, [{ op: 'add', layer: 'episodic', text: 'Their turn' }], {
      writer: 'app',
    });
    const { user } = freshUser();
    const failure = await createMemory({ store: leakingStore(base, foreign) })
      .importConversation(user, conversation)
      .catch((error: unknown) => error);
    expect(ScopeViolation.isInstance(failure)).toBe(true);
    expect((await base.list(user)).records).toEqual([]);
  });
});
