import {
  DegradationCode,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  ScopeViolation,
} from '@symfonic/core';
import { storeKinds } from '@symfonic/surface-contract/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { createMemory } from '../create-memory.js';

const writer = { writer: 'test' };

describe.each(storeKinds)('pinned facts on the $name store, with no embedder', (kind) => {
  let store: MemoryStore;
  beforeAll(async () => {
    store = await kind.open();
  });
  afterAll(async () => {
    await store.close();
  });

  async function add(
    scope: MemoryScope,
    text: string,
    salience: number,
    layer: 'semantic' | 'episodic' = 'semantic',
  ): Promise<MemoryRecord> {
    const { applied, rejected } = await store.apply(
      scope,
      [{ op: 'add', layer, text, salience }],
      writer,
    );
    expect(rejected).toEqual([]);
    return applied[0]?.record as MemoryRecord;
  }

  it('bring the allergy back for a cue that shares no word with it, and say recall matched nothing', async () => {
    const { user, conversation } = freshUser();
    const memory = createMemory({ store });
    // Conversation 1: the user tells, the model writes the fact at high salience at the user's scope.
    await memory.record(conversation, {
      turnId: 't1',
      speaker: 'user',
      text: 'I am allergic to peanuts',
    });
    const first = await memory.hydrate(conversation, 'I am allergic to peanuts');
    const outcome = await memory.remember(
      user,
      'Noted. {"ops": [{"op": "add", "text": "The user is allergic to peanuts", "salience": 1}]}',
      { provenance: { writer: 'assistant', turnId: 't1' }, refs: first.refs },
    );
    expect(outcome.rejected).toEqual([]);
    const allergy = outcome.applied[0]?.record as MemoryRecord;

    // Conversation 2, later: nothing in the cue matches the fact's words.
    const later = { tenant: user.tenant, path: [...user.path, 'conversation:2'] };
    const block = await memory.hydrate(later, 'Suggest a snack for my hike.');
    expect(block.text).toBe('[semantic #1] The user is allergic to peanuts');
    expect(block.refs).toEqual({ '#1': allergy.id });
    expect(block.recalled).toMatchObject([
      { ref: '#1', pinned: true, relevance: 0, score: 1, record: { id: allergy.id } },
    ]);
    const codes = block.degraded.conditions.map(({ code }) => code);
    expect(codes).toContain(DegradationCode.cueMatchedNothing);
    expect(codes).toContain(DegradationCode.noEmbedder);
    expect(block.dropped).toEqual([]);
  });

  it('show the fact a move updates, so the model updates it by its ref', async () => {
    const { user, conversation } = freshUser();
    const memory = createMemory({ store });
    const lyon = await add(user, 'The user lives in Lyon', 0.9);
    await add(user, 'The user enjoys long walks', 0.5);
    const block = await memory.hydrate(conversation, 'I just moved to Berlin.');
    expect(block.text).toBe('[semantic #1] The user lives in Lyon');
    const outcome = await memory.remember(
      user,
      '{"ops": [{"op": "update", "ref": "#1", "text": "The user lives in Berlin"}]}',
      { provenance: writer, refs: block.refs },
    );
    expect(outcome.applied.map(({ record }) => record.id)).toEqual([lyon.id]);
    const after = await memory.hydrate(conversation, 'What should I do this weekend?');
    expect(after.text).toBe('[semantic #1] The user lives in Berlin');
  });

  it('come first among semantic lines, newest first, and render once when recall finds them too', async () => {
    const { user, conversation } = freshUser();
    const memory = createMemory({ store });
    const older = await add(user, 'The user is vegetarian', 0.95);
    const newer = await add(user, 'The user is allergic to peanuts', 1);
    const plain = await add(user, 'The user likes peanut-free granola bars', 0.5);
    await add(user, 'The user hiked the Alps last summer', 0.95, 'episodic');
    const block = await memory.hydrate(conversation, 'allergic granola');
    const expectedPinned = [older, newer].sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() || (left.id < right.id ? -1 : 1),
    );
    expect(block.recalled.map(({ record, pinned }) => [record.id, pinned])).toEqual([
      [expectedPinned[0]?.id, true],
      [expectedPinned[1]?.id, true],
      [plain.id, false],
    ]);
    expect(Object.values(block.refs)).toEqual([
      expectedPinned[0]?.id,
      expectedPinned[1]?.id,
      plain.id,
    ]);
  });

  it('keep to their own cap and limit, reporting what the cap cut and that the limit left facts out', async () => {
    const { user, conversation } = freshUser();
    const long = await add(user, `The user's medical note: ${'x'.repeat(60)}`, 1);
    const short = await add(user, 'The user is diabetic', 0.95);
    const memory = createMemory({ store, recall: { pinned: { cap: 40 } } });
    const block = await memory.hydrate(conversation, 'Suggest a snack');
    const newestFirst = [long, short].sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() || (left.id < right.id ? -1 : 1),
    );
    // The long note does not fit the cap of 40; the short fact fits whatever the order.
    expect(block.recalled.map(({ record }) => record.id)).toEqual([short.id]);
    const used = newestFirst[0]?.id === long.id ? 0 : 'The user is diabetic'.length;
    expect(block.dropped).toEqual([
      {
        id: long.id,
        reason: `${"The user's medical note: ".length + 60} characters do not fit the pinned cap of 40 (${used} used)`,
      },
    ]);

    // The cut fact is not left out when recall finds it for the cue.
    const found = await memory.hydrate(conversation, 'medical note');
    expect(found.recalled.map(({ record, pinned }) => [record.id, pinned])).toEqual([
      [short.id, true],
      [long.id, false],
    ]);
    expect(found.dropped).toEqual([]);

    const limited = await createMemory({ store, recall: { pinned: { limit: 1 } } }).hydrate(
      conversation,
      'Suggest a snack',
    );
    expect(limited.recalled.map(({ record }) => record.id)).toEqual([newestFirst[0]?.id]);
    expect(limited.degraded.conditions.map(({ code }) => code)).toContain(
      DegradationCode.pinnedLimitReached,
    );
  });

  it('are not read with a pinned limit of 0, and a leaking store is a ScopeViolation', async () => {
    const { user, conversation } = freshUser();
    await add(user, 'The user is allergic to peanuts', 1);
    let asked = 0;
    const counting = {
      recent: store.recent.bind(store),
      scanCandidates: store.scanCandidates.bind(store),
      pinned: async () => {
        asked += 1;
        return [];
      },
    };
    const off = await createMemory({ store: counting, recall: { pinned: { limit: 0 } } }).hydrate(
      conversation,
      'Suggest a snack',
    );
    expect(asked).toBe(0);
    expect(off.text).toBe('');
    expect(off.degraded.conditions.map(({ code }) => code)).not.toContain(
      DegradationCode.noPinnedSource,
    );

    const other = freshUser();
    await add(other.user, 'Another tenant is allergic to shellfish', 1);
    const leaking = {
      ...counting,
      pinned: () => store.pinned(other.user, { minSalience: 0.9, limit: 10 }),
    };
    const failure = await createMemory({ store: leaking })
      .hydrate(conversation, 'Suggest a snack')
      .catch((error: unknown) => error);
    expect(ScopeViolation.isInstance(failure)).toBe(true);
  });
});
