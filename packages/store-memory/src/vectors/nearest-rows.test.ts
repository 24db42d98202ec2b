import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NearestRows } from './nearest-rows.js';

describe('NearestRows', () => {
  it('keeps the k most similar rows, most similar first (property, against a full sort)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 20 }),
        (similarities, capacity) => {
          const nearest = new NearestRows(capacity);
          similarities.forEach((similarity, index) => {
            nearest.offer(String(index), similarity);
          });
          const expected = [...similarities].sort((left, right) => right - left).slice(0, capacity);
          expect(nearest.take().map((row) => row.similarity)).toEqual(expected);
          expect(nearest.offered).toBe(similarities.length);
        },
      ),
    );
  });
});
