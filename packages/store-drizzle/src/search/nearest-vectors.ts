import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { visibleByKeys } from '../scope/visible-to.js';
import type { VectorIndex } from '../vectors/vector-index.js';

/**
 * A scope with at most this many vectors of the model in the ranked layers
 * has them all compared exactly; a scope with more is searched through the
 * model's HNSW index. The figures it was chosen by are in the decision record
 * on the vector search of a scope (docs/decisions).
 */
export const exactVectorScanLimit = 20_000;

/** What {@link nearestVectors} searches. */
export interface NearestVectorsRequest {
  readonly scope: MemoryScope;
  readonly layers: readonly StoredLayer[];
  /** How many nearest rows the list keeps. */
  readonly window: number;
  readonly vector: { readonly index: VectorIndex; readonly values: Float32Array };
}

/**
 * The vector list of a ranking, as CTEs: `scoped_vectors`, `scoped_count`
 * and `semantic_nearest` (id, cosine distance), the `window` rows visible to the
 * scope nearest the cue's vector, nearest first.
 *
 * `scoped_vectors` reads the scope's vectors of the model through the GIN
 * index of their placement keys (`visibleByKeys`), each with its distance to
 * the cue, up to `exactLimit + 1` of them. When it finds at most
 * `exactLimit`, those are every vector the scope can see, and the list is
 * their exact nearest: no other scope's vector is read, and recall is whole.
 * When it finds more, the list comes from the model's HNSW index instead
 * (the iterative scan, where the caller turned it on, walks the graph until
 * enough rows pass the scope's filter), which a scope holding a large share
 * of the tenant's vectors reaches in few steps. Which branch runs is decided
 * inside the statement by the count (a one-time filter): the other branch is
 * never executed, so a small scope never touches the HNSW graph and a large
 * one reads at most `exactLimit + 1` of its vectors before it.
 *
 * @param exactLimit - the largest scope compared exactly; {@link exactVectorScanLimit} unless a
 *   test forces a branch (0 always takes HNSW for a non-empty scope).
 */
export function nearestVectors(
  { scope, layers, window, vector }: NearestVectorsRequest,
  exactLimit: number = exactVectorScanLimit,
): SQL {
  const { index, values } = vector;
  const distance = sql`${index.column} <=> ${index.literal(values)}`;
  const visible = sql`${index.rows}
        and ${visibleByKeys(memoryEmbeddings, scope)}
        and ${inArray(memoryEmbeddings.layer, [...layers])}`;
  const scopeCount = sql`(select vectors from scoped_count)`;
  return sql`
    scoped_vectors as materialized (
      select ${memoryEmbeddings.memoryId} as id, ${distance} as distance
      from ${memoryEmbeddings}
      where ${visible}
      limit ${sql.raw(String(exactLimit + 1))}
    ),
    scoped_count as materialized (select count(*) as vectors from scoped_vectors),
    semantic_nearest as (
      (select id, distance from scoped_vectors
        where ${scopeCount} <= ${sql.raw(String(exactLimit))}
        order by distance, id collate "C"
        limit ${window})
      union all
      (select ${memoryEmbeddings.memoryId} as id, ${distance} as distance
        from ${memoryEmbeddings}
        where ${visible} and ${scopeCount} > ${sql.raw(String(exactLimit))}
        order by distance
        limit ${window})
    )`;
}
