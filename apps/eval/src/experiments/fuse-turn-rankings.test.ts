import { describe, expect, it } from 'vitest';
import { fuseTurnRankings } from './fuse-turn-rankings.js';

const text = { turnIds: ['a', 'b', 'c'], scores: [9, 6, 3] };
const vectors = { turnIds: ['c', 'd'], scores: [0.8, 0.4] };

describe('fuseTurnRankings', () => {
  it('sums weight / (k + rank) over the lists', () => {
    const fused = fuseTurnRankings([text, vectors], {
      kind: 'reciprocal-rank',
      k: 10,
      weights: [1, 2],
    });
    expect(fused.turnIds).toEqual(['c', 'd', 'a', 'b']);
    expect(fused.scores[0]).toBeCloseTo(1 / 13 + 2 / 11, 12);
    expect(fused.scores[1]).toBeCloseTo(2 / 12, 12);
  });

  it('mixes scores scaled by the top score of each list', () => {
    const fused = fuseTurnRankings([text, vectors], { kind: 'convex', lexicalShare: 0.25 });
    // a: 0.25 × 1; c: 0.25 × 3/9 + 0.75 × 1; d: 0.75 × 0.5; b: 0.25 × 6/9
    expect(fused.turnIds).toEqual(['c', 'd', 'a', 'b']);
    expect(fused.scores[0]).toBeCloseTo(0.25 / 3 + 0.75, 12);
  });
});
