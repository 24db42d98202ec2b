import { describe, expect, it } from 'vitest';
import { defaultFusionWeights } from '../fusion-weights.js';
import type { EmbeddingProvider } from '../ports/embedding-provider.js';
import { BackendRanking } from './backend-ranking.js';

const embedder: EmbeddingProvider = {
  model: 'test',
  dimensions: 2,
  embed: async (texts) => texts.map(() => new Float32Array([1, 0])),
};

describe('BackendRanking', () => {
  it('keeps vectors and wants a cue vector with an embedder and a vector vote', () => {
    const ranking = new BackendRanking({
      embedder,
      weights: defaultFusionWeights,
      scanBudget: 500,
    });
    expect(ranking).toMatchObject({
      embedder,
      storesVectors: true,
      embedsCue: true,
      scanBudget: 500,
    });
  });

  it('keeps no vectors without an embedder, or where vectors cannot be kept', () => {
    const none = new BackendRanking({
      embedder: undefined,
      weights: defaultFusionWeights,
      scanBudget: 1,
    });
    expect(none).toMatchObject({ storesVectors: false, embedsCue: false });
    const noExtension = new BackendRanking({
      embedder,
      vectorsAvailable: false,
      weights: defaultFusionWeights,
      scanBudget: 1,
    });
    expect(noExtension).toMatchObject({ embedder, storesVectors: false, embedsCue: false });
  });

  it('wants no cue vector when the vector ranking has no vote', () => {
    const ranking = new BackendRanking({
      embedder,
      weights: { ...defaultFusionWeights, vector: 0 },
      scanBudget: 1,
    });
    expect(ranking).toMatchObject({ storesVectors: true, embedsCue: false });
  });
});
