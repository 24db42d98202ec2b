import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { visibleByKeys } from '../scope/visible-to.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import type { VectorScopeEstimates } from './vector-scope-estimates.js';

/**
 * A scope with at most this many vectors of the model in the ranked layers
 * has them all compared exactly; a scope with more is searched through the
 * model's HNSW index. The figures it was chosen by are in the decision record
 * on the vector search of a scope
 * (docs/decisions/2026-12-02-store-drizzle-exact-scope-vectors.md).
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

/** The scope's vectors of the model in the ranked layers, as a predicate on `memory_embeddings`. */
function visibleVectors({ scope, layers, vector }: NearestVectorsRequest): SQL {
  return sql`${vector.index.rows}
        and ${visibleByKeys(memoryEmbeddings, scope)}
        and ${inArray(memoryEmbeddings.layer, [...layers])}`;
}

/** The cosine distance of a row's vector of the model to the cue's. */
function cueDistance({ vector }: NearestVectorsRequest): SQL {
  return sql`${vector.index.column} <=> ${vector.index.literal(vector.values)}`;
}

/**
 * The vector list through the model's HNSW index alone, as the CTE
 * `semantic_nearest` (id, cosine distance): the `window` visible rows nearest
 * the cue's vector, nearest first, found by walking the graph (iteratively,
 * where the caller turned pgvector's iterative scan on) and filtering each
 * row by the scope.
 */
export function nearestVectorsByGraph(request: NearestVectorsRequest): SQL {
  return sql`
    semantic_nearest as (
      select ${memoryEmbeddings.memoryId} as id, ${cueDistance(request)} as distance
      from ${memoryEmbeddings}
      where ${visibleVectors(request)}
      order by distance
      limit ${request.window}
    )`;
}

/**
 * The vector list of a scope expected to be small, as CTEs: `scoped_vectors`,
 * `scoped_count` and `semantic_nearest` (id, cosine distance), the `window`
 * rows visible to the scope nearest the cue's vector, nearest first.
 *
 * `scoped_vectors` reads the scope's vectors of the model through the GIN
 * index of their placement keys (`visibleByKeys`), each with its distance to
 * the cue, up to `exactLimit + 1` of them. When it finds at most
 * `exactLimit`, those are every vector the scope can see, and the list is
 * their exact nearest: no other scope's vector is read, and recall is whole.
 * When it finds more (the estimate was wrong), the list comes from the HNSW
 * index as {@link nearestVectorsByGraph} finds it. Which branch runs is
 * decided inside the statement by the count (a one-time filter): the other
 * branch is never executed.
 */
export function nearestVectorsByScope(request: NearestVectorsRequest, exactLimit: number): SQL {
  const scopeCount = sql`(select vectors from scoped_count)`;
  const limit = sql.raw(String(exactLimit));
  return sql`
    scoped_vectors as materialized (
      select ${memoryEmbeddings.memoryId} as id, ${cueDistance(request)} as distance
      from ${memoryEmbeddings}
      where ${visibleVectors(request)}
      limit ${sql.raw(String(exactLimit + 1))}
    ),
    scoped_count as materialized (select count(*) as vectors from scoped_vectors),
    semantic_nearest as (
      (select id, distance from scoped_vectors
        where ${scopeCount} <= ${limit}
        order by distance, id collate "C"
        limit ${request.window})
      union all
      (select ${memoryEmbeddings.memoryId} as id, ${cueDistance(request)} as distance
        from ${memoryEmbeddings}
        where ${visibleVectors(request)} and ${scopeCount} > ${limit}
        order by distance
        limit ${request.window})
    )`;
}

/**
 * How many vectors the planner expects {@link visibleVectors} to find: the
 * row estimate of its plan (`EXPLAIN`, not run), from the statistics of
 * `memory_embeddings` and of the placement keys' GIN index, which count each
 * scope key's share of the rows. Costs a plan, not a read.
 *
 * @throws whatever the driver throws, or a `TypeError` when the plan is not the JSON PostgreSQL writes.
 */
async function estimatedVectors(
  database: StoreDatabase,
  request: NearestVectorsRequest,
): Promise<number> {
  const [row] = resultRows<{ 'QUERY PLAN': unknown }>(
    await database.execute(
      sql`explain (format json) select 1 from ${memoryEmbeddings} where ${visibleVectors(request)}`,
    ),
  );
  const json = row?.['QUERY PLAN'];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json) as [
    { Plan?: { 'Plan Rows'?: unknown } },
  ];
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  if (typeof rows !== 'number')
    throw new TypeError('the plan of the vector search has no row estimate');
  return rows;
}

/** How {@link nearestVectors} chooses its path. */
export interface NearestVectorsOptions {
  /**
   * The largest scope compared exactly; {@link exactVectorScanLimit} unless a
   * test forces a path (0 always walks the graph for a non-empty scope).
   */
  readonly exactLimit?: number;
  /** The store's kept estimates, read again only when too old; without them each call plans one. */
  readonly estimates?: VectorScopeEstimates;
}

/**
 * The vector list of a ranking (the CTE `semantic_nearest`, id and cosine
 * distance, the `window` visible rows nearest the cue's vector, nearest
 * first), by the path the scope's size calls for. When the planner expects
 * the scope to hold at most `exactLimit` vectors of the model in the ranked
 * layers, every one of them is compared exactly ({@link nearestVectorsByScope},
 * which still takes the HNSW index if it finds more); otherwise the HNSW index
 * is walked ({@link nearestVectorsByGraph}), which a scope holding a large
 * share of the tenant's vectors reaches in few steps, where reading its
 * vectors one by one would cost more than the whole search. The estimate is
 * the store's kept one when it has a recent one (`options.estimates`).
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function nearestVectors(
  database: StoreDatabase,
  request: NearestVectorsRequest,
  options: NearestVectorsOptions = {},
): Promise<SQL> {
  const exactLimit = options.exactLimit ?? exactVectorScanLimit;
  const read = () => estimatedVectors(database, request);
  const estimate = await (options.estimates ? options.estimates.estimate(request, read) : read());
  return estimate > exactLimit
    ? nearestVectorsByGraph(request)
    : nearestVectorsByScope(request, exactLimit);
}
