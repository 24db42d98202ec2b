import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { resolveRerankOptions } from './rerank-options.js';

const reranker = { model: 'test', rerank: async () => [] };

describe('resolveRerankOptions', () => {
  it('documents its defaults', () => {
    expect(resolveRerankOptions({ reranker })).toEqual({
      reranker,
      candidates: 30,
      timeoutMs: 2000,
    });
  });

  it('keeps the reranker itself', () => {
    expect(resolveRerankOptions({ reranker, candidates: 2 }).reranker).toBe(reranker);
  });

  it('refuses out-of-range and unknown options, and anything but a reranker, naming the field', () => {
    for (const [options, field] of [
      [{ reranker, candidates: 1 }, 'candidates'],
      [{ reranker, candidates: 1001 }, 'candidates'],
      [{ reranker, candidates: 2.5 }, 'candidates'],
      [{ reranker, timeoutMs: 0 }, 'timeoutMs'],
      [{ reranker, timeoutMs: 60_001 }, 'timeoutMs'],
      [{ reranker, timeoutMs: Number.POSITIVE_INFINITY }, 'timeoutMs'],
      [{ reranker: { model: 'no rerank method' } }, 'reranker'],
      [{ reranker: async () => [] }, 'reranker'],
      [{}, 'reranker'],
      [{ reranker, topN: 3 }, 'topN'],
    ] as const) {
      expect(() => resolveRerankOptions(options as never)).toThrow(InvalidMemoryInput);
      expect(() => resolveRerankOptions(options as never)).toThrow(field);
    }
  });
});
