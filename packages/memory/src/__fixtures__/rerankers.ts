import { MemoryUnavailable, type Reranker, type RerankRequest } from '@symfonic/core';

/**
 * A reranker written straight to the port, scoring each text with `score` (what a model would
 * answer for it); every request it is sent is recorded.
 */
export function scoringReranker(
  score: (text: string, cue: string) => number,
  model = 'test-provider/rerank-v1',
) {
  const calls: RerankRequest[] = [];
  const reranker: Reranker = {
    model,
    rerank: async (request) => {
      calls.push(request);
      return request.texts.map((text) => score(text, request.cue));
    },
  };
  return { reranker, calls };
}

/** A reranker answering `scores` to every request, whatever it was sent. */
export function answeringReranker(scores: readonly number[], model = 'answering'): Reranker {
  return { model, rerank: async () => [...scores] };
}

/** A reranker whose every request fails as unavailable with `message`, as an adapter reports a down model. */
export function failingReranker(message: string, model = 'test-provider/down'): Reranker {
  return {
    model,
    rerank: async () => {
      throw new MemoryUnavailable(message, { cause: new Error('HTTP 503 from the provider') });
    },
  };
}

/** A reranker that answers only once its request is aborted, recording each request. */
export function unansweringReranker(model = 'unanswering') {
  const calls: RerankRequest[] = [];
  const reranker: Reranker = {
    model,
    rerank: (request) => {
      calls.push(request);
      return new Promise((_resolve, reject) => {
        request.signal?.addEventListener('abort', () => reject(request.signal?.reason));
      });
    },
  };
  return { reranker, calls };
}
