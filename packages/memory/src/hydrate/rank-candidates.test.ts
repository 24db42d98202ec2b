import { describe, expect, it } from 'vitest';
import { memoryRecord } from '../__fixtures__/memory-records.js';
import { rankCandidates } from './rank-candidates.js';
import { resolveRecallOptions } from './recall-options.js';

const now = new Date('2026-11-30T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('rankCandidates', () => {
  it('scores the weighted sum of rescaled relevance, salience and recency', () => {
    const options = resolveRecallOptions({ halfLifeDays: 10 });
    const [best, worst] = rankCandidates(
      [
        {
          record: memoryRecord('old', 'a', { salience: 0.2, updatedAt: daysAgo(10) }),
          relevance: 3,
        },
        { record: memoryRecord('new', 'b', { salience: 1, updatedAt: now }), relevance: 7 },
      ],
      options,
      now,
    );
    expect(best?.record.id).toBe('new');
    expect(best?.score).toBeCloseTo(0.6 * 1 + 0.25 * 1 + 0.15 * 1, 10);
    expect(worst?.score).toBeCloseTo(0.6 * 0 + 0.25 * 0.2 + 0.15 * 0.5, 10);
    expect(worst?.relevance).toBe(3);
  });

  it('halves the recency credit every half-life, and never credits the future', () => {
    const options = resolveRecallOptions({
      halfLifeDays: 7,
      weights: { relevance: 0, salience: 0, recency: 1 },
    });
    const ranked = rankCandidates(
      [0, 7, 14, -3].map((days) => ({
        record: memoryRecord(`d${days}`, 'x', { updatedAt: daysAgo(days) }),
        relevance: 1,
      })),
      options,
      now,
    );
    expect(Object.fromEntries(ranked.map(({ record, score }) => [record.id, score]))).toEqual({
      d0: 1,
      d7: 0.5,
      d14: 0.25,
      'd-3': 1,
    });
  });

  it('lets relevance decide between equals, and ids decide between ties', () => {
    const options = resolveRecallOptions();
    const ranked = rankCandidates(
      [
        { record: memoryRecord('b', 'x'), relevance: 0.5 },
        { record: memoryRecord('a', 'x'), relevance: 0.5 },
        { record: memoryRecord('c', 'x'), relevance: 0.9 },
      ],
      options,
      now,
    );
    expect(ranked.map(({ record }) => record.id)).toEqual(['c', 'a', 'b']);
  });

  it('answers [] for no candidates', () => {
    expect(rankCandidates([], resolveRecallOptions(), now)).toEqual([]);
  });
});
