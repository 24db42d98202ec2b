import { InvalidMemoryInput } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createLocalEmbedder,
  localEmbedderDimensions,
  localEmbedderFusionMargin,
} from './local-embedder.js';

function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  for (let index = 0; index < left.length; index += 1) {
    dot += (left[index] as number) * (right[index] as number);
  }
  return dot;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(cosine(vector, vector));
}

describe('createLocalEmbedder', () => {
  const embedder = createLocalEmbedder();

  it('answers one unit vector of the documented dimension per text, in order', async () => {
    expect(embedder.dimensions).toBe(localEmbedderDimensions);
    expect(embedder.model).toBe(`symfonic-local-ngram-v1-${localEmbedderDimensions}`);
    expect(embedder.fusionMargin).toBe(localEmbedderFusionMargin);
    const vectors = await embedder.embed(['peanuts', 'the user likes tea', 'peanuts']);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(localEmbedderDimensions);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(cosine(vectors[0] as Float32Array, vectors[2] as Float32Array)).toBeCloseTo(1, 5);
  });

  it('is deterministic, with pinned values so a change of algorithm is seen', async () => {
    const [first] = await embedder.embed(['Allergic to peanuts']);
    const [again] = await createLocalEmbedder().embed(['Allergic to peanuts']);
    expect(Array.from(again as Float32Array)).toEqual(Array.from(first as Float32Array));
    const nonZero = Array.from(first as Float32Array)
      .map((value, index) => [index, Number(value.toFixed(4))] as const)
      .filter(([, value]) => value !== 0)
      .slice(0, 4);
    expect(nonZero).toMatchInlineSnapshot(`
      [
        [
          19,
          -0.1857,
        ],
        [
          28,
          -0.1857,
        ],
        [
          86,
          0.1857,
        ],
        [
          111,
          -0.1857,
        ],
      ]
    `);
  });

  it('makes shared words and word pieces similar, unrelated texts not', async () => {
    const [cue, related, morphological, unrelated] = await embedder.embed([
      'what is the user allergic to?',
      'the user is allergic to peanuts',
      'peanut allergy',
      'meeting moved to Thursday afternoon',
    ]);
    const direct = cosine(cue as Float32Array, related as Float32Array);
    const piece = cosine(
      (await embedder.embed(['allergic']))[0] as Float32Array,
      morphological as Float32Array,
    );
    const none = cosine(cue as Float32Array, unrelated as Float32Array);
    expect(direct).toBeGreaterThan(0.5);
    expect(piece).toBeGreaterThan(0.1);
    expect(none).toBeLessThan(direct / 2);
  });

  it('embeds case and compatibility forms alike, and a text with no word as zeros', async () => {
    const [upper, lower, wide, blank] = await embedder.embed(['TEA', 'tea', 'ｔｅａ', '  ?! ']);
    expect(cosine(upper as Float32Array, lower as Float32Array)).toBeCloseTo(1, 5);
    expect(cosine(wide as Float32Array, lower as Float32Array)).toBeCloseTo(1, 5);
    expect(norm(blank as Float32Array)).toBe(0);
  });

  it('hands out distinct arrays for repeated texts', async () => {
    const [first, second] = await embedder.embed(['same', 'same']);
    expect(first).not.toBe(second);
    (first as Float32Array)[0] = 42;
    expect((second as Float32Array)[0]).not.toBe(42);
  });

  it('answers [] for no texts and refuses what is not a list of strings', async () => {
    expect(await embedder.embed([])).toEqual([]);
    await expect(embedder.embed(['ok', 7 as unknown as string])).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
  });

  it('refuses dimensions out of range', () => {
    for (const dimensions of [0, 15, 4097, 1.5, Number.NaN]) {
      expect(() => createLocalEmbedder({ dimensions })).toThrow(InvalidMemoryInput);
    }
    expect(createLocalEmbedder({ dimensions: 64 }).dimensions).toBe(64);
  });

  it('always answers finite vectors of unit or zero length', async () => {
    const small = createLocalEmbedder({ dimensions: 32 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 5 }),
        async (texts) => {
          const vectors = await small.embed(texts);
          expect(vectors).toHaveLength(texts.length);
          for (const vector of vectors) {
            expect(vector.every(Number.isFinite)).toBe(true);
            const length = norm(vector);
            expect(length === 0 || Math.abs(length - 1) < 1e-5).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
