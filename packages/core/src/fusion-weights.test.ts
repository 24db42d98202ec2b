import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { defaultFusionWeights, resolveFusionWeights } from './fusion-weights.js';

describe('resolveFusionWeights', () => {
  it('gives each omitted weight its default of 1', () => {
    expect(resolveFusionWeights(undefined, true)).toEqual(defaultFusionWeights);
    expect(resolveFusionWeights({ vector: 1.5 }, true)).toEqual({ lexical: 1, vector: 1.5 });
    expect(resolveFusionWeights({ lexical: 0 }, true)).toEqual({ lexical: 0, vector: 1 });
    expect(resolveFusionWeights({ vector: 0 }, false)).toEqual({ lexical: 1, vector: 0 });
  });

  it.each([
    [{ lexical: -1 }, true],
    [{ vector: Number.NaN }, true],
    [{ vector: Number.POSITIVE_INFINITY }, true],
    [{ lexical: '1' as unknown as number }, true],
    [{ lexical: 0, vector: 0 }, true],
    [{ lexical: 0 }, false],
  ])('refuses %j (embedder: %s)', (option, hasEmbedder) => {
    expect(() => resolveFusionWeights(option, hasEmbedder)).toThrow(InvalidMemoryInput);
  });
});
