// The AI SDK reranker inside `hydrate`: what `@symfonic/memory` tests with rerankers written to
// the port, here with the AI SDK's own mock models, so the adapter's requests and failures are
// the ones recall sees.
import { DegradationCode, type MemoryScope } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { MockRerankingModelV3 } from 'ai/test';
import { afterAll, describe, expect, it } from 'vitest';
import { answeringModel, scoringModel, unansweringModel } from './__fixtures__/reranking-models.js';
import { createAiSdkReranker } from './ai-sdk-reranker.js';

const clock = () => new Date('2026-11-30T12:00:00Z');
const recall = { weights: { relevance: 1, salience: 0, recency: 0 } };
const store = createInMemoryStore();
afterAll(() => store.close());

let users = 0;
/** A fresh user holding five tea memories, a to e. */
async function seeded(): Promise<MemoryScope> {
  users += 1;
  const user = { tenant: `tenant-${process.pid}`, path: [`user:${users}`] };
  await store.apply(
    user,
    ['a', 'b', 'c', 'd', 'e'].map((id) => ({ op: 'add', text: `tea memory ${id}`, salience: 0.5 })),
    { writer: 'seed' },
  );
  return user;
}

describe('hydrate with the AI SDK reranker', () => {
  it('orders the recalled memories by the model, sending it the cue and the texts', async () => {
    const user = await seeded();
    const { model, calls } = scoringModel((text) => (text.endsWith('c') ? 0.9 : 0.1));
    const block = await createMemory({
      store,
      clock,
      recall,
      rerank: { reranker: createAiSdkReranker({ model }) },
    }).hydrate(user, 'tea');
    expect(block.recalled[0]?.record.text).toBe('tea memory c');
    expect(block.recalled[0]?.rerankScore).toBe(0.9);
    expect(block.degraded.conditions.map(({ code }) => code)).not.toContain(
      DegradationCode.rerankFailed,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toBe('tea');
    expect(calls.flatMap(({ documents }) => documents.values as string[]).sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((id) => `tea memory ${id}`),
    );
  });

  const failures: [string, () => ReturnType<typeof createAiSdkReranker>, string][] = [
    [
      'the model call fails',
      () =>
        createAiSdkReranker({
          model: new MockRerankingModelV3({
            provider: 'test-provider',
            modelId: 'down',
            doRerank: async () => {
              throw new Error('HTTP 503 from the provider');
            },
          }),
          maxRetries: 0,
        }),
      'the reranking model "test-provider/down" failed',
    ],
    [
      'the model answers a NaN score',
      () =>
        createAiSdkReranker({
          model: answeringModel(
            [0, 1, 2, 3, 4].map((index) => ({
              index,
              relevanceScore: index === 2 ? Number.NaN : index,
            })),
          ),
          name: 'nan',
        }),
      'the reranker "nan" answered a score that is not a finite number (NaN) for text 3 of 5',
    ],
    [
      'the model ranks part of the texts',
      () =>
        createAiSdkReranker({
          model: answeringModel([{ index: 0, relevanceScore: 1 }]),
          name: 'partial',
        }),
      'the reranking model "partial" ranked 1 of the 5 texts it was sent',
    ],
  ];

  it.each(failures)(
    'renders the block it would without a reranker when %s, and says so',
    async (_case, reranker, reason) => {
      const user = await seeded();
      const unreranked = await createMemory({ store, clock, recall }).hydrate(user, 'tea');
      const block = await createMemory({
        store,
        clock,
        recall,
        rerank: { reranker: reranker() },
      }).hydrate(user, 'tea');
      expect(block.text).toBe(unreranked.text);
      expect(block.recalled).toEqual(unreranked.recalled);
      expect(block.degraded.conditions).toEqual([
        ...unreranked.degraded.conditions,
        {
          code: DegradationCode.rerankFailed,
          detail: `${reason}: recall kept its order before reranking`,
        },
      ]);
    },
  );

  it('stops waiting after the timeout, aborting the model request', async () => {
    const user = await seeded();
    const { model, calls } = unansweringModel();
    const unreranked = await createMemory({ store, clock, recall }).hydrate(user, 'tea');
    const block = await createMemory({
      store,
      clock,
      recall,
      rerank: { reranker: createAiSdkReranker({ model, maxRetries: 0 }), timeoutMs: 20 },
    }).hydrate(user, 'tea');
    expect(block.recalled).toEqual(unreranked.recalled);
    expect(block.degraded.conditions).toEqual([
      ...unreranked.degraded.conditions,
      {
        code: DegradationCode.rerankFailed,
        detail:
          'the reranker "mock-provider/mock-model-id" did not answer within 20 ms: recall kept its order before reranking',
      },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.abortSignal?.aborted).toBe(true);
  });
});
