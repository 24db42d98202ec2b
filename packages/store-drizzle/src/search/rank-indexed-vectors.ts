import { NearestRows, type StoredLayer } from '@symfonic/core';
import type { ScopePlacement } from '../scope/scope-placement.js';
import { normOf } from './norm-of.js';
import { visibleAt } from './rank-indexed-words.js';
import type { TenantMemories } from './read-index.js';
import type { IndexedMemory, IndexedVector } from './read-indexed-memories.js';

/** A memory of the vector list, with its cosine similarity to the cue and its place (ties share one). */
export interface NearMemory {
  readonly memory: IndexedMemory;
  readonly similarity: number;
  readonly place: number;
}

/** The vector half of a hybrid ranking, as {@link rankIndexedVectors} computes it. */
export interface IndexedVectorList {
  /** The `window` visible memories nearest the cue, nearest first (equal similarities by id under `"C"`). */
  readonly nearest: NearMemory[];
  /** The similarity of each of the asked `others` that has a vector of the model. */
  readonly others: Map<IndexedMemory, number>;
  /** How many visible memories of the layers have no vector of the model (`vector_models` lacks it). */
  readonly unembedded: number;
}

/** A query vector with its norm, computed once per ranking. */
interface Query {
  readonly values: Float32Array;
  readonly norm: number;
}

/**
 * The cosine similarity of `vector` and `query`, in double precision from
 * their single-precision values, clamped to -1..1 as pgvector clamps it;
 * `undefined` when either is all zeros (pgvector's cosine distance is then
 * NaN, and its HNSW index leaves such a vector out).
 */
function similarityTo(vector: IndexedVector, query: Query): number | undefined {
  if (vector.norm === 0 || query.norm === 0) return undefined;
  const left = vector.values;
  const right = query.values;
  const length = right.length;
  const unrolled = length - (length % 4);
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let at = 0;
  for (; at < unrolled; at += 4) {
    sum0 += (left[at] as number) * (right[at] as number);
    sum1 += (left[at + 1] as number) * (right[at + 1] as number);
    sum2 += (left[at + 2] as number) * (right[at + 2] as number);
    sum3 += (left[at + 3] as number) * (right[at + 3] as number);
  }
  for (; at < length; at += 1) sum0 += (left[at] as number) * (right[at] as number);
  const cosine = (sum0 + sum1 + sum2 + sum3) / (vector.norm * query.norm);
  return Math.min(1, Math.max(-1, cosine));
}

/**
 * The vector list of a hybrid ranking from the read index: an exact
 * nearest-neighbour search over the vectors of the store's model that the
 * memories visible at `placement` in `layers` hold (the same visibility as
 * the lexical list's), the `window` most similar by cosine, each with its
 * place (`rank()` over the distance: equal similarities share one), the
 * similarity of each of `others` (the lexical list's memories) that has a
 * vector, and the count of visible memories without one. Where the SQL path
 * asks pgvector's HNSW index, an approximate search computing in single
 * precision, this one is exact and computes each cosine in double precision
 * from the stored single-precision values: the list is PostgreSQL's exact
 * ordering (an index-less scan) up to near-ties, and each similarity agrees
 * with pgvector's to within the rounding of its single-precision sums.
 */
export function rankIndexedVectors(
  tenant: TenantMemories | undefined,
  placement: ScopePlacement,
  layers: readonly StoredLayer[],
  window: number,
  values: Float32Array,
  others: readonly IndexedMemory[],
): IndexedVectorList {
  const query: Query = { values, norm: normOf(values) };
  const ancestors = new Set(placement.ancestorKeys);
  const layerSet = new Set(layers);
  const nearestRows = new NearestRows(window);
  let unembedded = 0;
  for (const memory of tenant?.byId.values() ?? []) {
    if (!visibleAt(memory, placement, ancestors, layerSet)) continue;
    if (!memory.embedded) unembedded += 1;
    if (!memory.vector) continue;
    const similarity = similarityTo(memory.vector, query);
    if (similarity !== undefined) nearestRows.offer(memory.row.id, similarity);
  }
  const nearest: NearMemory[] = [];
  for (const [position, { id, similarity }] of nearestRows.take().entries()) {
    const previous = nearest.at(-1);
    const place =
      previous !== undefined && previous.similarity === similarity ? previous.place : position + 1;
    nearest.push({ memory: tenant?.byId.get(id) as IndexedMemory, similarity, place });
  }
  const otherSimilarities = new Map<IndexedMemory, number>();
  for (const memory of others) {
    const similarity = memory.vector && similarityTo(memory.vector, query);
    if (similarity !== undefined) otherSimilarities.set(memory, similarity);
  }
  return { nearest, others: otherSimilarities, unembedded };
}
