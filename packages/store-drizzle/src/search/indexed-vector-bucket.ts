import { type NearestRows, rowDot, type StoredLayer } from '@symfonic/core';
import type { IndexedMemory } from './read-indexed-memories.js';

/** A query vector with its norm, computed once per ranking. */
export interface VectorQuery {
  readonly values: Float32Array;
  /** The Euclidean norm of `values`, summed in double precision (`normOf`). */
  readonly norm: number;
}

/**
 * The vectors of the store's model that one tenant's live memories at one
 * scope key and in one layer hold, packed row after row in one
 * `Float32Array` (the stored single-precision values, unchanged) beside each
 * row's norm, so the vector list of a ranking tests a bucket's visibility
 * once and then compares contiguous rows, not one array per memory. It also
 * counts the memories there whose `vector_models` lacks the model (what
 * `countUnembedded` counts). Removing a row moves the last row into its
 * place, so the rows stay dense and their order is not kept (the nearest
 * rows do not depend on it: `NearestRows` breaks ties by id).
 */
export class IndexedVectorBucket {
  readonly scopeKey: string;
  /** The keys of the scope and its ancestors, as each memory of the bucket has them. */
  readonly ancestorKeys: readonly string[];
  readonly layer: StoredLayer;
  readonly dimensions: number;
  /** How many memories of the bucket's scope and layer have no vector of the model (`embedded` false). */
  unembedded = 0;
  /** The memory of each row. */
  readonly #memories: IndexedMemory[] = [];
  readonly #rowOf = new Map<IndexedMemory, number>();
  #values: Float32Array;
  #norms: Float64Array;

  /** An empty bucket for the memories placed like `first`, with room for `capacity` rows before it grows. */
  constructor(first: IndexedMemory, dimensions: number, capacity: number) {
    this.scopeKey = first.scopeKey;
    this.ancestorKeys = first.ancestorKeys;
    this.layer = first.row.layer;
    this.dimensions = dimensions;
    this.#values = new Float32Array(Math.max(1, capacity) * dimensions);
    this.#norms = new Float64Array(Math.max(1, capacity));
  }

  /** How many rows (vectors) the bucket holds. */
  get size(): number {
    return this.#memories.length;
  }

  /** Whether the bucket holds nothing: no row and no memory without a vector. */
  get empty(): boolean {
    return this.#memories.length === 0 && this.unembedded === 0;
  }

  /**
   * Hold `vector` as the row of `memory` (not held yet): its values rounded
   * to single precision as `Float32Array` stores them, and their norm summed
   * in double precision from the rounded values.
   *
   * @throws TypeError when `vector` has not the bucket's dimensions.
   */
  add(memory: IndexedMemory, vector: ArrayLike<number>): void {
    const { dimensions } = this;
    if (vector.length !== dimensions) {
      throw new TypeError(
        `a vector of ${vector.length} dimensions was read for a model of ${dimensions}`,
      );
    }
    const row = this.#memories.length;
    if ((row + 1) * dimensions > this.#values.length) this.#grow(row + 1);
    const offset = row * dimensions;
    this.#values.set(vector, offset);
    let squares = 0;
    for (let at = offset; at < offset + dimensions; at += 1) {
      const value = this.#values[at] as number;
      squares += value * value;
    }
    this.#norms[row] = Math.sqrt(squares);
    this.#memories.push(memory);
    this.#rowOf.set(memory, row);
  }

  /** Drop the row of `memory`; a memory without a row is ignored. */
  delete(memory: IndexedMemory): void {
    const row = this.#rowOf.get(memory);
    if (row === undefined) return;
    const last = this.#memories.length - 1;
    const moved = this.#memories[last] as IndexedMemory;
    if (row !== last) {
      const { dimensions } = this;
      this.#values.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
      this.#norms[row] = this.#norms[last] as number;
      this.#memories[row] = moved;
      this.#rowOf.set(moved, row);
    }
    this.#memories.pop();
    this.#rowOf.delete(memory);
  }

  /**
   * Offer each row with a cosine similarity to `query` to `nearest`, by the
   * memory's id (a row or query of norm 0 has none and is left out).
   *
   * @throws TypeError when `query` has not the bucket's dimensions.
   */
  offerAll(query: VectorQuery, nearest: NearestRows): void {
    this.#requireDimensions(query);
    if (query.norm === 0) return;
    const memories = this.#memories;
    for (let row = 0; row < memories.length; row += 1) {
      const similarity = this.#cosine(row, query);
      if (similarity !== undefined) {
        nearest.offer((memories[row] as IndexedMemory).row.id, similarity);
      }
    }
  }

  /**
   * The cosine similarity of `memory`'s row and `query`; `undefined` when it has no row or either norm is 0.
   *
   * @throws TypeError when `query` has not the bucket's dimensions.
   */
  similarity(memory: IndexedMemory, query: VectorQuery): number | undefined {
    this.#requireDimensions(query);
    const row = this.#rowOf.get(memory);
    return row === undefined ? undefined : this.#cosine(row, query);
  }

  /**
   * The cosine similarity of the row at `row` and `query`, in double
   * precision from their single-precision values (core's `rowDot`), clamped to -1..1 as pgvector clamps it; `undefined` when
   * either norm is 0 (pgvector's cosine distance is then NaN, and its HNSW
   * index leaves such a vector out).
   */
  #cosine(row: number, query: VectorQuery): number | undefined {
    const norm = this.#norms[row] as number;
    if (norm === 0 || query.norm === 0) return undefined;
    const cosine = rowDot(this.#values, row * this.dimensions, query.values) / (norm * query.norm);
    return Math.min(1, Math.max(-1, cosine));
  }

  #requireDimensions(query: VectorQuery): void {
    if (query.values.length !== this.dimensions) {
      throw new TypeError(
        `a cue vector of ${query.values.length} dimensions was compared with vectors of ${this.dimensions}`,
      );
    }
  }

  /** Room for at least `rows` rows: half as much again as now, or `rows` when more. */
  #grow(rows: number): void {
    const capacity = Math.max(rows, Math.ceil(this.#norms.length * 1.5));
    const values = new Float32Array(capacity * this.dimensions);
    values.set(this.#values);
    const norms = new Float64Array(capacity);
    norms.set(this.#norms);
    this.#values = values;
    this.#norms = norms;
  }
}
