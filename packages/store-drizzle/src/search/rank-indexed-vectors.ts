import { NearestRows, type StoredLayer } from '@symfonic/core';
import type { ScopePlacement } from '../scope/scope-placement.js';
import type { VectorQuery } from './indexed-vector-bucket.js';
import { normOf } from './norm-of.js';
import { placedVisibleAt } from './rank-indexed-words.js';
import { bucketKey, type TenantMemories } from './read-index.js';
import type { IndexedMemory } from './read-indexed-memories.js';

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
 *
 * @throws TypeError when `values` has not the dimensions of the index's vectors.
 */
export function rankIndexedVectors(
  tenant: TenantMemories | undefined,
  placement: ScopePlacement,
  layers: readonly StoredLayer[],
  window: number,
  values: Float32Array,
  others: readonly IndexedMemory[],
): IndexedVectorList {
  const query: VectorQuery = { values, norm: normOf(values) };
  const ancestors = new Set(placement.ancestorKeys);
  const layerSet = new Set(layers);
  const nearestRows = new NearestRows(window);
  let unembedded = 0;
  for (const bucket of tenant?.vectors.values() ?? []) {
    if (
      !placedVisibleAt(
        bucket.scopeKey,
        bucket.ancestorKeys,
        bucket.layer,
        placement,
        ancestors,
        layerSet,
      )
    ) {
      continue;
    }
    unembedded += bucket.unembedded;
    bucket.offerAll(query, nearestRows);
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
    const similarity = tenant?.vectors.get(bucketKey(memory))?.similarity(memory, query);
    if (similarity !== undefined) otherSimilarities.set(memory, similarity);
  }
  return { nearest, others: otherSimilarities, unembedded };
}
