import { MockRerankingModelV3 } from 'ai/test';

/** What the AI SDK handed a reranking model in one call. */
export type RerankCall = Parameters<MockRerankingModelV3['doRerank']>[0];

/**
 * The AI SDK's own mock reranking model, scoring each text with `score` and
 * answering the ranking best first, as providers do; every call is recorded.
 */
export function scoringModel(score: (text: string, query: string) => number) {
  const calls: RerankCall[] = [];
  const model = new MockRerankingModelV3({
    provider: 'test-provider',
    modelId: 'rerank-v1',
    doRerank: async (options) => {
      calls.push(options);
      const texts = options.documents.values as string[];
      return {
        ranking: texts
          .map((text, index) => ({ index, relevanceScore: score(text, options.query) }))
          .sort((left, right) => right.relevanceScore - left.relevanceScore),
      };
    },
  });
  return { model, calls };
}

/** A mock reranking model answering `ranking` to every call, whatever it was sent. */
export function answeringModel(ranking: { index: number; relevanceScore: number }[]) {
  return new MockRerankingModelV3({ doRerank: async () => ({ ranking }) });
}

/** A mock reranking model that answers only once its call is aborted, recording each call. */
export function unansweringModel() {
  const calls: RerankCall[] = [];
  const model = new MockRerankingModelV3({
    doRerank: (options) => {
      calls.push(options);
      return new Promise((_resolve, reject) => {
        options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason));
      });
    },
  });
  return { model, calls };
}
