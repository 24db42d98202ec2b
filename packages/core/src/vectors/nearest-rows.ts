import { compareCodePoints } from '../feed/compare-code-points.js';

/** One row kept by {@link NearestRows}. */
export interface NearRow {
  readonly id: string;
  readonly similarity: number;
}

/**
 * Keeps the `capacity` rows of highest similarity offered to it, in a binary
 * min-heap on parallel arrays, so choosing the best k of n rows costs
 * O(n log k) with no allocation per offered row. Of rows of equal
 * similarity the one whose id comes first in code point order (`"C"`) is
 * the nearer, so the rows kept and their order do not depend on the order
 * they were offered in.
 */
export class NearestRows {
  private readonly capacity: number;
  private readonly ids: string[] = [];
  private readonly similarities: number[] = [];
  /** How many rows were offered, kept or not. */
  offered = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Offer a row; it is kept if it beats the weakest kept row. */
  offer(id: string, similarity: number): void {
    this.offered += 1;
    const { ids, similarities } = this;
    if (ids.length < this.capacity) {
      ids.push(id);
      similarities.push(similarity);
      this.siftUp(ids.length - 1);
      return;
    }
    if (this.capacity === 0) return;
    const weakest = similarities[0] as number;
    if (similarity < weakest) return;
    if (similarity === weakest && compareCodePoints(id, ids[0] as string) >= 0) return;
    ids[0] = id;
    similarities[0] = similarity;
    this.siftDown(0);
  }

  /** The kept rows, most similar first, equal similarities by id in code point order. */
  take(): NearRow[] {
    return this.ids
      .map((id, index) => ({ id, similarity: this.similarities[index] as number }))
      .sort(
        (left, right) => right.similarity - left.similarity || compareCodePoints(left.id, right.id),
      );
  }

  /** Whether the row at `left` is weaker (less similar, or as similar with a later id) than the row at `right`. */
  private weaker(left: number, right: number): boolean {
    const a = this.similarities[left] as number;
    const b = this.similarities[right] as number;
    if (a !== b) return a < b;
    return compareCodePoints(this.ids[left] as string, this.ids[right] as string) > 0;
  }

  private swap(left: number, right: number): void {
    const { ids, similarities } = this;
    [ids[left], ids[right]] = [ids[right] as string, ids[left] as string];
    [similarities[left], similarities[right]] = [
      similarities[right] as number,
      similarities[left] as number,
    ];
  }

  private siftUp(start: number): void {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.weaker(child, parent)) return;
      this.swap(parent, child);
      child = parent;
    }
  }

  private siftDown(start: number): void {
    const size = this.ids.length;
    let parent = start;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let weakest = parent;
      if (left < size && this.weaker(left, weakest)) weakest = left;
      if (right < size && this.weaker(right, weakest)) weakest = right;
      if (weakest === parent) return;
      this.swap(parent, weakest);
      parent = weakest;
    }
  }
}
