import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { defaultFusionWeights, resolveFusionWeights } from './fusion-weights.js';

const embedder = { model: 'test-model' };

describe('resolveFusionWeights', () => {
  it('gives each omitted weight its default of 1', () => {
    expect(resolveFusionWeights(undefined, embedder)).toEqual(defaultFusionWeights);
    expect(resolveFusionWeights({ vector: 1.5 }, embedder)).toEqual({ lexical: 1, vector: 1.5 });
    expect(resolveFusionWeights({ lexical: 0 }, embedder)).toEqual({ lexical: 0, vector: 1 });
    expect(resolveFusionWeights({ vector: 0 }, undefined)).toEqual({ lexical: 1, vector: 0 });
  });

  it("takes the vector list's full-weight margin from the embedder's fusionMargin", () => {
    expect(resolveFusionWeights(undefined, { ...embedder, fusionMargin: 0.06 })).toEqual({
      lexical: 1,
      vector: 1,
      vectorMargin: 0.06,
    });
  });

  it.each([
    [{ lexical: -1 }, embedder],
    [{ vector: Number.NaN }, embedder],
    [{ vector: Number.POSITIVE_INFINITY }, embedder],
    [{ lexical: '1' as unknown as number }, embedder],
    [{ lexical: 0, vector: 0 }, embedder],
    [{ lexical: 0 }, undefined],
    [{}, { ...embedder, fusionMargin: 0 }],
    [{}, { ...embedder, fusionMargin: -0.1 }],
    [{}, { ...embedder, fusionMargin: Number.NaN }],
  ])('refuses %j (embedder: %j)', (option, given) => {
    expect(() => resolveFusionWeights(option, given)).toThrow(InvalidMemoryInput);
  });
});
