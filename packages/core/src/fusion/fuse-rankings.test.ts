import { describe, expect, it } from 'vitest';
import { testRecord as record } from '../__fixtures__/test-record.js';
import type { MemoryRecord } from '../memory-record.js';
import { fuseRankings } from './fuse-rankings.js';
import { lexicalScoreShare } from './hybrid-relevance.js';
import { reciprocalRankConstant } from './reciprocal-rank.js';

const equal = { lexical: 1, vector: 1 };
/** A vector ranking whose first memory stands clear of the rest: it votes with its whole weight. */
const near = (...records: MemoryRecord[]) => ({
  records,
  similarities: records.map((_, index) => 0.9 - 0.2 * index),
});
const ids = (fused: ReturnType<typeof fuseRankings>) => fused.map(({ record: { id } }) => id);

describe('fuseRankings', () => {
  it('puts a memory first in both lists with the best full-text score at relevance 1', () => {
    const [a, b] = [record('a'), record('b')];
    const fused = fuseRankings({ records: [a, b], scores: [4, 2] }, near(a, b), equal);
    expect(ids(fused)).toEqual(['a', 'b']);
    expect(fused[0]?.relevance).toBe(1);
  });

  it('sums the places of both lists and the full-text score over the best', () => {
    const [a, b, c] = [record('a'), record('b'), record('c')];
    const fused = fuseRankings({ records: [a, b], scores: [4, 2] }, near(c, b), equal);
    const k = reciprocalRankConstant;
    const share = (place: number) => (k + 1) / (k + place);
    const total = 2 + lexicalScoreShare;
    expect(ids(fused)).toEqual(['b', 'a', 'c']);
    expect(fused[0]?.relevance).toBeCloseTo(
      (share(2) + lexicalScoreShare * 0.5 + share(2)) / total,
      12,
    );
    expect(fused[1]?.relevance).toBeCloseTo((1 + lexicalScoreShare) / total, 12);
    expect(fused[2]?.relevance).toBeCloseTo(1 / total, 12);
  });

  it('keeps a clear full-text winner ahead of a memory ranked a little better by vectors', () => {
    // a: first by words, far ahead by score, third by vectors; b: second by words, first by vectors.
    const [a, b, c] = [record('a'), record('b'), record('c')];
    const vector = near(b, c, a);
    expect(ids(fuseRankings({ records: [a, b], scores: [10, 1] }, vector, equal))[0]).toBe('a');
    // Scored alike, places alone decide, and b's first vector place wins.
    expect(ids(fuseRankings({ records: [a, b], scores: [1, 1] }, vector, equal))[0]).toBe('b');
  });

  it('lets the heavier list decide, and silences a list of weight 0', () => {
    const [a, b] = [record('a'), record('b')];
    const lexical = { records: [a], scores: [3] };
    expect(ids(fuseRankings(lexical, near(b), { lexical: 1, vector: 2 }))).toEqual(['b', 'a']);
    expect(ids(fuseRankings(lexical, near(b), { lexical: 2, vector: 1 }))).toEqual(['a', 'b']);
    const silenced = fuseRankings(lexical, near(b), { lexical: 0, vector: 1 });
    expect(silenced.map(({ relevance }) => relevance)).toEqual([1, 0]);
  });

  it('breaks equal fused relevance by salience, then id', () => {
    const fused = fuseRankings(
      { records: [record('b', 0.2)], scores: [1] },
      near(record('a', 0.2)),
      {
        lexical: 1,
        vector: 1 + lexicalScoreShare,
      },
    );
    expect(ids(fused)).toEqual(['a', 'b']);
    const bySalience = fuseRankings(
      { records: [record('b', 0.2)], scores: [1] },
      near(record('c', 0.9)),
      { lexical: 1, vector: 1 + lexicalScoreShare },
    );
    expect(ids(bySalience)).toEqual(['c', 'b']);
  });

  it('answers [] for two empty lists', () => {
    expect(fuseRankings({ records: [], scores: [] }, near(), equal)).toEqual([]);
  });
});
