import {
  DegradationCode,
  defaultFusionWeights,
  type HybridPlaces,
  hybridRelevance,
  type MemoryRecord,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { rankingRelevance, type ScoredCandidate } from './ranking-relevance.js';

function record(id: string): MemoryRecord {
  const at = new Date('2026-11-30T12:00:00Z');
  return {
    id,
    scope: { tenant: 'acme', path: ['user:1'] },
    layer: 'semantic',
    text: id,
    salience: 0.5,
    createdAt: at,
    updatedAt: at,
    provenance: { writer: 'test' },
  };
}

/** Three candidates the store ranked a, b, c; the cosine ranks them c, b, a. */
const candidates: ScoredCandidate[] = [
  { record: record('a'), relevance: 0.1, storeRelevance: 3, storePlace: 0 },
  { record: record('b'), relevance: 0.5, storeRelevance: 2, storePlace: 1 },
  { record: record('c'), relevance: 0.9, storeRelevance: 1, storePlace: 2 },
];
const rankBy = (ranked: ReturnType<typeof rankingRelevance>) =>
  Object.fromEntries(ranked.map(({ record, rankBy }) => [record.id, rankBy]));

describe('rankingRelevance', () => {
  it("ranks by the store's relevance without an embedder", () => {
    const ranked = rankingRelevance(candidates, [], undefined);
    expect(rankBy(ranked)).toEqual({ a: 3, b: 2, c: 1 });
    expect(ranked.map(({ relevance }) => relevance)).toEqual([0.1, 0.5, 0.9]);
  });

  it("keeps the store's order when the store ranked with vectors, the cosine only for the floor", () => {
    const ranked = rankingRelevance(
      candidates,
      [{ code: DegradationCode.scanBudgetSpent, detail: 'more matched' }],
      {},
    );
    expect(rankBy(ranked)).toEqual({ a: 3, b: 2, c: 1 });
    expect(ranked.map(({ relevance }) => relevance)).toEqual([0.1, 0.5, 0.9]);
  });

  it.each([
    DegradationCode.noEmbedder,
    DegradationCode.noVectorIndex,
    DegradationCode.embeddingFailed,
  ])('fuses the store order with the cosine order when the store says %s', (code) => {
    const ranked = rankingRelevance(candidates, [{ code, detail: 'lexical only' }], {});
    // Core's hybrid relevance: places in both lists, and the store's relevance over its best.
    const at = (places: HybridPlaces) => hybridRelevance(places, 3, defaultFusionWeights);
    expect(rankBy(ranked)).toEqual({
      a: at({ lexicalPlace: 1, lexicalScore: 3, vectorPlace: 3 }),
      b: at({ lexicalPlace: 2, lexicalScore: 2, vectorPlace: 2 }),
      c: at({ lexicalPlace: 3, lexicalScore: 1, vectorPlace: 1 }),
    });
    expect(ranked.map(({ relevance }) => relevance)).toEqual([0.1, 0.5, 0.9]);
  });

  it("weighs the cosine order by the scorer's margin, its embedder's fusionMargin", () => {
    const lexicalOnly = [{ code: DegradationCode.noEmbedder, detail: 'lexical only' }];
    const ranked = rankingRelevance(candidates, lexicalOnly, { vectorMargin: 4 });
    // The cosines run from 0.9 to 0.1: a margin of 0.8 against 4 gives the vector list a fifth.
    const at = (places: HybridPlaces) => hybridRelevance(places, 3, { lexical: 1, vector: 0.2 });
    const fused = rankBy(ranked);
    expect(fused.a).toBeCloseTo(at({ lexicalPlace: 1, lexicalScore: 3, vectorPlace: 3 }), 12);
    expect(fused.c).toBeCloseTo(at({ lexicalPlace: 3, lexicalScore: 1, vectorPlace: 1 }), 12);
    expect(fused.a).toBeGreaterThan(fused.c as number);
  });

  it('lets a candidate the words ranked last rise on its cosine', () => {
    const four: ScoredCandidate[] = [
      ...candidates.map((candidate) => ({ ...candidate, relevance: 0 })),
      { record: record('d'), relevance: 1, storeRelevance: 0.5, storePlace: 3 },
    ];
    const ranked = rankBy(
      rankingRelevance(four, [{ code: DegradationCode.noVectorIndex, detail: '' }], {}),
    );
    // Cosine order d, a, b, c (ties keep store order). d, last by words and first by cosine,
    // rises above c (third by words, last by cosine); b, second by words with four times d's
    // full-text score, stays ahead of it.
    expect(ranked.d).toBeGreaterThan(ranked.c as number);
    expect(ranked.b).toBeGreaterThan(ranked.d as number);
    expect(ranked.d).toBeCloseTo(
      hybridRelevance(
        { lexicalPlace: 4, lexicalScore: 0.5, vectorPlace: 1 },
        3,
        defaultFusionWeights,
      ),
      12,
    );
  });
});
