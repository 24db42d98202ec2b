import type { MemoryRecord } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { fuseRankings, reciprocalRankConstant } from './fuse-rankings.js';

function record(id: string, salience = 0.5): MemoryRecord {
  const at = new Date(0);
  return {
    id,
    scope: { tenant: 't', path: [] },
    layer: 'semantic',
    text: id,
    salience,
    provenance: { writer: 'test' },
    createdAt: at,
    updatedAt: at,
  };
}

describe('fuseRankings', () => {
  it('sums 1 / (60 + rank) over the lists, so agreement wins', () => {
    const [a, b, c] = [record('a'), record('b'), record('c')];
    const fused = fuseRankings([
      [a, b],
      [c, b],
    ]);
    expect(fused.map((candidate) => candidate.record.id)).toEqual(['b', 'a', 'c']);
    const k = reciprocalRankConstant;
    expect(fused[0]?.relevance).toBeCloseTo(1 / (k + 2) + 1 / (k + 2), 12);
    expect(fused[1]?.relevance).toBeCloseTo(1 / (k + 1), 12);
  });

  it('breaks equal fused scores by salience, then id', () => {
    const fused = fuseRankings([[record('b', 0.2)], [record('a', 0.2)], [record('c', 0.9)]]);
    expect(fused.map((candidate) => candidate.record.id)).toEqual(['c', 'a', 'b']);
  });

  it('answers [] for no rankings', () => {
    expect(fuseRankings([])).toEqual([]);
  });
});
