import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { type MemoryRow, memoryColumns } from './memory-columns.js';
import { memories } from './schema/memories.js';
import { memoryEmbeddings } from './schema/memory-embeddings.js';
import type { StoreDatabase } from './store-database.js';
import type { VectorIndex } from './vector-index.js';
import { visibleTo } from './visible-to.js';

/** The constant of reciprocal rank fusion: a row at position p of a list earns 1 / (k + p). */
export const fusionConstant = 60;

/**
 * Document frequencies are counted up to this many rows per cue word: enough
 * to tell a rare word from a common one, cheap however common it is.
 */
const frequencyCap = 1_000;

/** What {@link rankMemories} ranks. */
export interface RankRequest {
  readonly scope: MemoryScope;
  readonly cue: string;
  readonly layers: readonly StoredLayer[];
  /** How many rows each list (lexical, vector) contributes at most. */
  readonly window: number;
  /** The cue's vector and the index to search, when ranking by vectors. */
  readonly vector?: { readonly index: VectorIndex; readonly values: Float32Array };
}

/** One ranked row: the memory and its fused relevance, in (0, 1]. */
export interface RankedMemory {
  readonly row: MemoryRow;
  readonly relevance: number;
}

/** What {@link rankMemories} found. */
export interface RankedMemories {
  /** Best first: relevance, then salience, then the later update, then the smaller id. */
  readonly ranked: RankedMemory[];
  /** More rows matched the cue's words than the window let into the ranking. */
  readonly lexicalOverflow: boolean;
}

/**
 * Rank the memories visible to `request.scope` for a cue, in one SQL
 * statement.
 *
 * - Lexical list: the cue's words as the English full-text configuration
 *   reads them, any of them matching (`@@` on the GIN-indexed `search`
 *   column). A row scores the sum of the inverse document frequencies of the
 *   cue words it holds, each frequency counted among the visible rows (capped
 *   at 1 000), so the one memory holding a rare word outranks many sharing
 *   common ones; `ts_rank` has no such weighting.
 * - Vector list (when `request.vector` is given): the nearest rows by cosine
 *   distance on `embedding::vector(n)`, which the partial HNSW index of that
 *   model serves.
 * - Fusion: reciprocal rank fusion of the two lists (rows tied in a list share
 *   its position), scaled so that first place in every list used is 1.
 *
 * Every list and the final join filter on `visibleTo(scope)`; no row outside
 * it can come back.
 */
export async function rankMemories(
  database: StoreDatabase,
  request: RankRequest,
): Promise<RankedMemories> {
  const layers = [...request.layers];
  const visibleMemory = and(visibleTo(memories, request.scope), inArray(memories.layer, layers));
  const window = request.window;
  const lexical = sql`
    lexemes as (
      select distinct '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' as quoted
      from unnest(tsvector_to_array(to_tsvector('english'::regconfig, ${request.cue}))) as lexeme
    ),
    cue as materialized (select string_agg(quoted, ' | ')::tsquery as query from lexemes),
    weights as materialized (
      select lexemes.quoted::tsquery as query,
        ln(1 + ${sql.raw(String(frequencyCap))}::float8 / greatest(frequency.hits, 1)) as weight
      from lexemes cross join lateral (
        select count(*)::float8 as hits from (
          select 1 from ${memories}
          where ${visibleMemory} and ${memories.search} @@ lexemes.quoted::tsquery
          limit ${sql.raw(String(frequencyCap))}
        ) as sample
      ) as frequency
    ),
    lexical_scored as (
      select ${memories.id} as id,
        (select sum(weights.weight) from weights where ${memories.search} @@ weights.query) as score
      from ${memories}, cue
      where ${visibleMemory} and ${memories.search} @@ cue.query
      order by score desc, ${memories.salience} desc, ${memories.updatedAt} desc, ${memories.id} collate "C"
      limit ${window + 1}
    ),
    lexical_cut as (
      select id, score, row_number() over (order by score desc) as place from lexical_scored
    ),
    lexical as (
      select id, rank() over (order by score desc) as position from lexical_cut where place <= ${window}
    )`;
  const vector = request.vector;
  const semantic = vector
    ? sql`,
    semantic_nearest as (
      select ${memoryEmbeddings.memoryId} as id, ${vector.index.column} <=> ${vector.index.literal(vector.values)} as distance
      from ${memoryEmbeddings}
      where ${vector.index.rows}
        and ${visibleTo(memoryEmbeddings, request.scope)}
        and ${inArray(memoryEmbeddings.layer, layers)}
      order by distance
      limit ${window}
    ),
    semantic as (
      select id, rank() over (order by distance) as position from semantic_nearest
    )`
    : sql``;
  const lists = vector
    ? sql`select id, position from lexical union all select id, position from semantic`
    : sql`select id, position from lexical`;
  const listCount = vector ? 2 : 1;
  const ranking: SQL = sql`(
    with ${lexical}${semantic},
    fused as (
      select id,
        sum(1.0::float8 / (${sql.raw(String(fusionConstant))} + position))
          * ${sql.raw(String((fusionConstant + 1) / listCount))}::float8 as relevance
      from (${lists}) as listed
      group by id
    )
    select id, relevance, (select count(*) from lexical_scored) > ${window} as overflow from fused
  ) as ranked`;
  const rows = await database
    .select({
      ...memoryColumns,
      relevance: sql<number>`ranked.relevance`.mapWith(Number),
      overflow: sql<boolean>`ranked.overflow`,
    })
    .from(memories)
    .innerJoin(ranking, sql`ranked.id = ${memories.id}`)
    .where(visibleMemory)
    .orderBy(
      desc(sql`ranked.relevance`),
      desc(memories.salience),
      desc(memories.updatedAt),
      asc(sql`${memories.id} collate "C"`),
    );
  return {
    ranked: rows.map(({ relevance, overflow: _overflow, ...row }) => ({ row, relevance })),
    lexicalOverflow: rows.some((row) => row.overflow === true || String(row.overflow) === 't'),
  };
}
