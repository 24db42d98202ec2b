import { describe, expect, it } from 'vitest';
import { testRecord as record } from '../__fixtures__/test-record.js';
import { fuseRankings } from './fuse-rankings.js';
import { reciprocalRankConstant } from './reciprocal-rank.js';

describe('fuseRankings', () => {
  it('sums 1 / (k + rank) over the lists, so agreement wins', () => {
    const [a, b, c] = [record('a'), record('b'), record('c')];
    const fused = fuseRankings([
      { records: [a, b], weight: 1 },
      { records: [c, b], weight: 1 },
    ]);
    expect(fused.map((candidate) => candidate.record.id)).toEqual(['b', 'a', 'c']);
    const k = reciprocalRankConstant;
    expect(fused[0]?.relevance).toBeCloseTo(1 / (k + 2) + 1 / (k + 2), 12);
    expect(fused[1]?.relevance).toBeCloseTo(1 / (k + 1), 12);
  });

  it('breaks equal fused scores by salience, then id', () => {
    const fused = fuseRankings([
      { records: [record('b', 0.2)], weight: 1 },
      { records: [record('a', 0.2)], weight: 1 },
      { records: [record('c', 0.9)], weight: 1 },
    ]);
    expect(fused.map((candidate) => candidate.record.id)).toEqual(['c', 'a', 'b']);
  });

  it('multiplies the votes of each list by its weight: the heavier list wins', () => {
    const [a, b] = [record('a'), record('b')];
    const fused = fuseRankings([
      { records: [a], weight: 1 },
      { records: [b], weight: 2 },
    ]);
    expect(fused.map((candidate) => candidate.record.id)).toEqual(['b', 'a']);
    expect(fused[0]?.relevance).toBeCloseTo(2 / (reciprocalRankConstant + 1), 12);
    const silenced = fuseRankings([
      { records: [a, b], weight: 0 },
      { records: [b], weight: 1 },
    ]);
    expect(silenced.map((candidate) => candidate.relevance)).toEqual([
      1 / (reciprocalRankConstant + 1),
      0,
    ]);
  });

  it('answers [] for no rankings', () => {
    expect(fuseRankings([])).toEqual([]);
  });
});
