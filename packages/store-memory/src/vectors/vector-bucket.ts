import { type MemoryLayer, rowDot } from '@symfonic/core';

/**
 * The vectors of the live memories of one scope and layer, packed row after
 * row in one `Float32Array`, so a similarity scan checks visibility and layer
 * once per bucket and then runs a tight loop over contiguous memory.
 * Removing a row moves the last row into its place, so rows stay dense.
 */
export class VectorBucket {
  /** The {@link scopePathPrefix} of the scope whose memories the bucket holds. */
  readonly key: string;
  readonly layer: MemoryLayer;
  readonly dimensions: number;
  /** The memory id of each row. */
  readonly ids: string[] = [];
  private readonly rowOf = new Map<string, number>();
  private matrix: Float32Array;

  constructor(key: string, layer: MemoryLayer, dimensions: number) {
    this.key = key;
    this.layer = layer;
    this.dimensions = dimensions;
    this.matrix = new Float32Array(dimensions * 16);
  }

  /** How many vectors the bucket holds. */
  get size(): number {
    return this.ids.length;
  }

  /** Store `vector` (already unit length) as the row of `id`, replacing any earlier one. */
  set(id: string, vector: Float32Array): void {
    const existing = this.rowOf.get(id);
    const row = existing ?? this.ids.length;
    if (existing === undefined) {
      if ((row + 1) * this.dimensions > this.matrix.length) {
        const grown = new Float32Array(this.matrix.length * 2);
        grown.set(this.matrix);
        this.matrix = grown;
      }
      this.ids.push(id);
      this.rowOf.set(id, row);
    }
    this.matrix.set(vector, row * this.dimensions);
  }

  /** Remove the row of `id`; absent ids are ignored. */
  delete(id: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    const last = this.ids.length - 1;
    const lastId = this.ids[last];
    if (row !== last && lastId !== undefined) {
      this.matrix.copyWithin(
        row * this.dimensions,
        last * this.dimensions,
        (last + 1) * this.dimensions,
      );
      this.ids[row] = lastId;
      this.rowOf.set(lastId, row);
    }
    this.ids.pop();
    this.rowOf.delete(id);
  }

  /**
   * Call `visit(id, similarity)` for every row, the similarity being the dot
   * product with `query` (the cosine, as both are unit length).
   */
  scan(query: Float32Array, visit: (id: string, similarity: number) => void): void {
    const { dimensions, matrix, ids } = this;
    for (let row = 0; row < ids.length; row += 1) {
      visit(ids[row] as string, rowDot(matrix, row * dimensions, query));
    }
  }

  /** The dot product of `query` and the row of `id` (the cosine), or `undefined` when the bucket has no such row. */
  similarity(id: string, query: Float32Array): number | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : rowDot(this.matrix, row * this.dimensions, query);
  }
}
