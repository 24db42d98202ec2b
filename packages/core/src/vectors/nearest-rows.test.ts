import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../feed/compare-code-points.js';
import { NearestRows } from './nearest-rows.js';

describe('NearestRows', () => {
  it('keeps the k most similar rows, most similar first, ties by id (property, against a full sort)', () => {
    fc.assert(
      fc.property(
        // Few distinct similarities and ids, so ties are frequent, the boundary's included.
        fc.array(
          fc.record({
            id: fc.string({ maxLength: 3 }),
            similarity: fc.constantFrom(-1, -0.5, 0, 0.25, 0.5, 1),
          }),
          { maxLength: 200 },
        ),
        fc.integer({ min: 0, max: 20 }),
        (rows, capacity) => {
          const nearest = new NearestRows(capacity);
          for (const { id, similarity } of rows) nearest.offer(id, similarity);
          const expected = [...rows]
            .sort(
              (left, right) =>
                right.similarity - left.similarity || compareCodePoints(left.id, right.id),
            )
            .slice(0, capacity);
          expect(nearest.take()).toEqual(expected);
          expect(nearest.offered).toBe(rows.length);
        },
      ),
    );
  });

  it('keeps the same rows whatever order they are offered in', () => {
    const rows = [
      ['b', 0.5],
      ['a', 0.5],
      ['c', 0.5],
      ['d', 0.9],
    ] as const;
    const forward = new NearestRows(2);
    const backward = new NearestRows(2);
    for (const [id, similarity] of rows) forward.offer(id, similarity);
    for (const [id, similarity] of [...rows].reverse()) backward.offer(id, similarity);
    expect(forward.take()).toEqual([
      { id: 'd', similarity: 0.9 },
      { id: 'a', similarity: 0.5 },
    ]);
    expect(backward.take()).toEqual(forward.take());
  });
});
