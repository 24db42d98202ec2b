/** One row kept by {@link NearestRows}. */
export interface NearRow {
  readonly id: string;
  readonly similarity: number;
}

/**
 * Keeps the `capacity` rows of highest similarity offered to it, in a binary
 * min-heap on parallel arrays, so choosing the best k of n rows costs
 * O(n log k) with no allocation per offered row.
 */
export class NearestRows {
  private readonly capacity: number;
  private readonly ids: string[] = [];
  private readonly similarities: number[] = [];
  /** How many rows were offered (above the threshold), kept or not. */
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
    if (this.capacity === 0 || similarity <= (similarities[0] as number)) return;
    ids[0] = id;
    similarities[0] = similarity;
    this.siftDown(0);
  }

  /** The kept rows, most similar first. */
  take(): NearRow[] {
    return this.ids
      .map((id, index) => ({ id, similarity: this.similarities[index] as number }))
      .sort((left, right) => right.similarity - left.similarity);
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
      if ((this.similarities[parent] as number) <= (this.similarities[child] as number)) return;
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
      let smallest = parent;
      if (
        left < size &&
        (this.similarities[left] as number) < (this.similarities[smallest] as number)
      ) {
        smallest = left;
      }
      if (
        right < size &&
        (this.similarities[right] as number) < (this.similarities[smallest] as number)
      ) {
        smallest = right;
      }
      if (smallest === parent) return;
      this.swap(parent, smallest);
      parent = smallest;
    }
  }
}
