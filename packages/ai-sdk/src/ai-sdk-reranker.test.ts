import { InvalidMemoryInput, MemoryUnavailable } from '@symfonic/core';
import { MockRerankingModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { answeringModel, scoringModel, unansweringModel } from './__fixtures__/reranking-models.js';
import { createAiSdkReranker } from './ai-sdk-reranker.js';

/** Scores a text by its length: longer ranks higher. */
const byLength = (text: string) => text.length / 10;

async function failureOf(promise: Promise<unknown>): Promise<MemoryUnavailable> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(MemoryUnavailable.isInstance(failure)).toBe(true);
  return failure as MemoryUnavailable;
}

describe('createAiSdkReranker', () => {
  it('answers the model scores in the order of the texts, named after the model', async () => {
    const { model, calls } = scoringModel(byLength);
    const reranker = createAiSdkReranker({ model });
    expect(reranker.model).toBe('test-provider/rerank-v1');
    const scores = await reranker.rerank({ cue: 'tea', texts: ['ab', 'abcd', 'a'] });
    expect(scores).toEqual([0.2, 0.4, 0.1]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      documents: { type: 'text', values: ['ab', 'abcd', 'a'] },
      query: 'tea',
      topN: 3,
    });
  });

  it('sends each distinct text once, and identical texts share its score', async () => {
    const { model, calls } = scoringModel(byLength);
    const reranker = createAiSdkReranker({ model, name: 'custom' });
    expect(reranker.model).toBe('custom');
    expect(await reranker.rerank({ cue: 'q', texts: ['tea', 'coffee', 'tea'] })).toEqual([
      0.3, 0.6, 0.3,
    ]);
    expect(calls.map(({ documents }) => documents.values)).toEqual([['tea', 'coffee']]);
  });

  it('passes the abort signal on, and an aborted call is unavailable', async () => {
    const { model, calls } = unansweringModel();
    const reranker = createAiSdkReranker({ model, maxRetries: 0 });
    const controller = new AbortController();
    const reranking = reranker.rerank({ cue: 'q', texts: ['a', 'b'], signal: controller.signal });
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]?.abortSignal?.aborted).toBe(false);
    controller.abort(new Error('recall stopped waiting'));
    const failure = await failureOf(reranking);
    expect(failure.message).toBe('the reranking model "mock-provider/mock-model-id" failed');
    expect(calls[0]?.abortSignal?.aborted).toBe(true);
  });

  it('answers no score at all when the call fails, with the cause', async () => {
    const model = new MockRerankingModelV3({
      provider: 'test-provider',
      modelId: 'down',
      doRerank: async () => {
        throw new Error('HTTP 503 from the provider');
      },
    });
    const failure = await failureOf(
      createAiSdkReranker({ model, maxRetries: 0 }).rerank({ cue: 'q', texts: ['a'] }),
    );
    expect(failure.message).toBe('the reranking model "test-provider/down" failed');
    expect(String(failure.cause)).toContain('HTTP 503');
  });

  it('refuses a ranking that is not one entry per text, or a score that is not finite', async () => {
    for (const [ranking, message] of [
      [
        [{ index: 0, relevanceScore: 0.9 }],
        'the reranking model "named" ranked 1 of the 2 texts it was sent',
      ],
      [
        [
          { index: 1, relevanceScore: 0.9 },
          { index: 1, relevanceScore: 0.8 },
        ],
        'the reranking model "named" ranked text 2 of 2 twice',
      ],
      [
        [
          { index: 0, relevanceScore: Number.NaN },
          { index: 1, relevanceScore: 0.8 },
        ],
        'the reranker "named" answered a score that is not a finite number (NaN) for text 1 of 2',
      ],
      [
        [
          { index: 1, relevanceScore: Number.POSITIVE_INFINITY },
          { index: 0, relevanceScore: 0.8 },
        ],
        'the reranker "named" answered a score that is not a finite number (Infinity) for text 2 of 2',
      ],
    ] as const) {
      const reranker = createAiSdkReranker({ model: answeringModel([...ranking]), name: 'named' });
      const failure = await failureOf(reranker.rerank({ cue: 'q', texts: ['a', 'b'] }));
      expect(failure.message).toBe(message);
    }
  });

  it('is unavailable when the model ranks a text it was not sent', async () => {
    const reranker = createAiSdkReranker({
      model: answeringModel([
        { index: 0, relevanceScore: 0.9 },
        { index: 5, relevanceScore: 0.8 },
      ]),
      maxRetries: 0,
    });
    // The AI SDK itself refuses the index; either way no score is answered.
    const failure = await failureOf(reranker.rerank({ cue: 'q', texts: ['a', 'b'] }));
    expect(failure.message).toMatch(/^the reranking model "mock-provider\/mock-model-id" /);
  });

  it('answers [] without a call for no texts, and refuses a malformed request', async () => {
    const { model, calls } = scoringModel(byLength);
    const reranker = createAiSdkReranker({ model });
    expect(await reranker.rerank({ cue: 'q', texts: [] })).toEqual([]);
    expect(calls).toEqual([]);
    for (const request of [
      { cue: 'q', texts: [null] },
      { cue: 'q', texts: 'a' },
      { cue: 1, texts: ['a'] },
    ]) {
      await expect(reranker.rerank(request as never)).rejects.toSatisfy(
        InvalidMemoryInput.isInstance,
      );
    }
    expect(calls).toEqual([]);
  });

  it('passes headers and provider options to the model', async () => {
    const { model, calls } = scoringModel(byLength);
    await createAiSdkReranker({
      model,
      headers: { 'x-team': 'memory' },
      providerOptions: { cohere: { maxTokensPerDoc: 512 } },
    }).rerank({ cue: 'q', texts: ['a', 'b'] });
    expect(calls[0]?.headers).toMatchObject({ 'x-team': 'memory' });
    expect(calls[0]?.providerOptions).toEqual({ cohere: { maxTokensPerDoc: 512 } });
  });

  it('names a model given as a gateway id by that id', () => {
    expect(createAiSdkReranker({ model: 'cohere/rerank-v3.5' }).model).toBe('cohere/rerank-v3.5');
  });
});
