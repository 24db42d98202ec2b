import { describe, expect, it } from 'vitest';
import { tinyDataset } from '../__fixtures__/tiny-dataset.js';
import { turnPlaces, withNeighbours, withRecency } from './rescore-turns.js';

const conversation = tinyDataset.conversations[0];
if (!conversation) throw new Error('the tiny data set has a first conversation');
const places = turnPlaces(conversation);

describe('turnPlaces', () => {
  it('knows the previous and next turn of the same session, and how late a turn is', () => {
    expect(places.neighbours.get('D1:1')).toEqual(['D1:2']);
    expect(places.neighbours.get('D1:4')).toEqual(['D1:3']);
    expect(places.neighbours.get('D2:1')).toEqual(['D2:2']);
    expect(places.lateness.get('D1:1')).toBe(0);
    expect(places.lateness.get('D2:2')).toBe(1);
  });
});

describe('re-scoring', () => {
  const ranking = { turnIds: ['D1:2', 'D2:1', 'D1:3'], scores: [1, 0.9, 0.1] };

  it('lends a share of the score of a hit to its session neighbours', () => {
    const lent = withNeighbours(ranking, places, 1, 0.95);
    expect(lent.turnIds).toEqual(['D1:2', 'D1:3', 'D1:1', 'D2:1']);
    expect(lent.scores).toEqual([1, 0.95, 0.95, 0.9]);
  });

  it('multiplies scores by 1 + boost × lateness, so a later equal match wins', () => {
    const later = withRecency({ turnIds: ['D1:1', 'D2:2'], scores: [1, 1] }, places, 0.1);
    expect(later.turnIds).toEqual(['D2:2', 'D1:1']);
    expect(later.scores).toEqual([1.1, 1]);
  });
});
