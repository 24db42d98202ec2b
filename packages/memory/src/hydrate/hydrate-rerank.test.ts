import {
  DegradationCode,
  InvalidMemoryInput,
  type MemoryScope,
  type MemoryStore,
} from '@symfonic/core';
import { storeKinds } from '@symfonic/surface-contract/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { failingReranker, scoringReranker } from '../__fixtures__/rerankers.js';
import { createMemory } from '../create-memory.js';

const clock = () => new Date('2026-11-30T12:00:00Z');
const writer = { writer: 'test' };
const recallOptions = { weights: { relevance: 1, salience: 0, recency: 0 } };

describe.each(storeKinds)('hydrate with a reranker on the $name store', (kind) => {
  let store: MemoryStore;
  beforeAll(async () => {
    store = await kind.open();
  });
  afterAll(async () => {
    await store.close();
  });

  /** Three tea memories the user can see, and two the user must never see. */
  async function seeded() {
    const scopes = freshUser();
    const other = freshUser();
    const sibling: MemoryScope = { ...scopes.user, path: ['user:43'] };
    await store.apply(
      scopes.user,
      [
        { op: 'add', text: 'The user drinks green tea every morning', salience: 0.5 },
        { op: 'add', text: 'The user prefers tea to coffee', salience: 0.5 },
        {
          op: 'add',
          layer: 'episodic',
          text: 'The user asked about tea shops in Kyoto',
          salience: 0.5,
        },
      ],
      writer,
    );
    await store.apply(other.user, [{ op: 'add', text: 'Another tenant loves tea' }], writer);
    await store.apply(sibling, [{ op: 'add', text: 'A sibling user loves tea' }], writer);
    return scopes;
  }

  it('orders the recalled memories by the reranker, which sees only what the scope may see', async () => {
    const { conversation } = await seeded();
    const { reranker, calls } = scoringReranker((text) =>
      text.includes('coffee') ? 0.9 : text.includes('green') ? 0.2 : 0.1,
    );
    const memory = createMemory({
      store,
      clock,
      recall: recallOptions,
      rerank: { reranker },
    });
    const block = await memory.hydrate(conversation, 'tea');
    const semantic = block.recalled.filter(({ record }) => record.layer === 'semantic');
    expect(semantic.map(({ record }) => record.text)).toEqual([
      'The user prefers tea to coffee',
      'The user drinks green tea every morning',
    ]);
    expect(semantic.map(({ rerankScore }) => rerankScore)).toEqual([0.9, 0.2]);
    expect(block.text.split('\n')[0]).toBe('[semantic #1] The user prefers tea to coffee');
    expect(block.degraded.conditions.map(({ code }) => code)).not.toContain(
      DegradationCode.rerankFailed,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.cue).toBe('tea');
    expect(calls.flatMap(({ texts }) => texts).sort()).toEqual([
      'The user asked about tea shops in Kyoto',
      'The user drinks green tea every morning',
      'The user prefers tea to coffee',
    ]);
  });

  it('renders the block it would without a reranker when the reranker fails, and says so', async () => {
    const { conversation } = await seeded();
    const failing = failingReranker('the reranking model "test-provider/down" failed');
    const unreranked = await createMemory({ store, clock, recall: recallOptions }).hydrate(
      conversation,
      'tea',
    );
    const block = await createMemory({
      store,
      clock,
      recall: recallOptions,
      rerank: { reranker: failing },
    }).hydrate(conversation, 'tea');
    expect(block.text).toBe(unreranked.text);
    expect(block.recalled).toEqual(unreranked.recalled);
    expect(block.dropped).toEqual(unreranked.dropped);
    expect(block.degraded.recall).toBe(false);
    expect(block.degraded.conditions).toEqual([
      ...unreranked.degraded.conditions,
      {
        code: DegradationCode.rerankFailed,
        detail:
          'the reranking model "test-provider/down" failed: recall kept its order before reranking',
      },
    ]);
  });
});

describe('createMemory with rerank options', () => {
  it('refuses out-of-range rerank options when it is created', () => {
    const { reranker } = scoringReranker(() => 1);
    expect(() => createMemory({ store: {}, rerank: { reranker, candidates: 1 } })).toThrow(
      InvalidMemoryInput,
    );
    expect(() => createMemory({ store: {}, rerank: { reranker: {} as never } })).toThrow(
      'reranker',
    );
  });
});
