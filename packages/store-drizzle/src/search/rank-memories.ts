import {
  compareCandidates,
  contextWeight,
  type FusionWeights,
  hybridRelevance,
  hybridWeights,
  type MemoryScope,
  reciprocalRankConstant,
  type StoredLayer,
} from '@symfonic/core';

import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memoryRecordOf } from '../rows/memory-record-of.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { visibleByKeys, visibleTo } from '../scope/visible-to.js';
import { unembeddedCount } from '../vectors/count-unembedded.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import { lexemeQuery, textLexemeQuery } from './lexeme-query.js';
import { nearestVectors } from './nearest-vectors.js';
import { type RankedMemory, rankedRowsJson } from './ranked-rows-json.js';
import type { VectorScopeEstimates } from './vector-scope-estimates.js';
import { type WeighedLexeme, weighCue } from './weigh-lexemes.js';

/** What {@link rankMemories} ranks. */
export interface RankRequest {
  readonly scope: MemoryScope;
  readonly cue: string;
  readonly layers: readonly StoredLayer[];
  /** How many rows each list (lexical, vector) contributes at most. */
  readonly window: number;
  /**
   * Each list's vote in the fusion. With a vector and a lexical weight of 0
   * the lexical list is not computed; without a vector the ranking is
   * lexical, whatever the weights.
   */
  readonly weights: FusionWeights;
  /** The cue's vector and the index to search, when ranking by vectors. */
  readonly vector?: { readonly index: VectorIndex; readonly values: Float32Array };
}

/** What {@link rankMemories} found. */
export interface RankedMemories {
  /**
   * Best first: relevance, then salience, then the later update, then the
   * smaller id; with a cue vector, each row that has a vector of the model
   * carries its cosine similarity to the cue.
   */
  readonly ranked: RankedMemory[];
  /** More rows matched the cue's words than the window let into the ranking. */
  readonly lexicalOverflow: boolean;
  /**
   * How many cue words are common (held by `frequencyCap` visible memories or
   * more) when the memories holding only such words were more than the
   * window, so only the most recently updated of them were ranked; else 0.
   */
  readonly commonWordsCut: number;
  /** The cue's distinct words when they were more than `Limits.cueTerms` (only the first were read); else absent. */
  readonly cueTermsShortenedFrom?: number;
  /** With a cue vector, how many visible memories of the layers have no vector of the model; 0 without. */
  readonly unembedded: number;
}

/**
 * The lexical half, as CTEs: `lexical` (id, position) and `lexical_scored`.
 * Rare words (fewer than `frequencyCap` visible holders) bring every memory
 * holding them (`rareIds`, read while weighing them); common words bring, among the memories holding none of the
 * rare ones, only the `window + 1` most recently updated, so a word most
 * memories hold never makes the statement score them all. Each candidate
 * scores the sum of the weights of the cue words it holds, every word a
 * constant of the statement. The list keeps the best `window` candidates by
 * score, then salience, the later update and the smaller id; a candidate
 * beyond them only tells that more matched.
 */
function lexicalLists(
  request: RankRequest,
  weighed: readonly WeighedLexeme[],
  rareIds: readonly string[],
): SQL {
  const layerIn = inArray(memories.layer, [...request.layers]);
  const visible = and(visibleTo(memories, request.scope), layerIn);
  const window = request.window;
  const none = sql`select null::text as id, 0::float8 as score, 0::float8 as salience, now() as updated_at where false`;
  if (weighed.length === 0) {
    return sql`
    rare_candidates as (${none}),
    common_candidates as (${none}),
    lexical_scored as (select id, score, 0::bigint as place from rare_candidates),
    lexical as (select id, 0::bigint as position from rare_candidates)`;
  }
  // A word the text holds scores its weight; one only the context holds, that at
  // contextWeight. A word the memory lacks costs one match, as before contexts.
  const score = sql.join(
    weighed.map(
      (word) =>
        sql`(case when ${memories.search} @@ ${lexemeQuery(word.lexeme)}::tsquery then (case when ${memories.search} @@ ${textLexemeQuery(word.lexeme)}::tsquery then ${sql.raw(String(word.weight))}::float8 else ${sql.raw(String(word.weight * contextWeight))}::float8 end) else 0 end)`,
    ),
    sql` + `,
  );
  const anyOf = (words: readonly WeighedLexeme[]) =>
    words.map((word) => lexemeQuery(word.lexeme)).join(' | ');
  const rare = weighed.filter((word) => !word.common);
  const common = weighed.filter((word) => word.common);
  const columns = sql`${memories.id} as id, ${score} as score, ${memories.salience} as salience, ${memories.updatedAt} as updated_at`;
  // The memories holding a rare word, found while weighing it: fetched by primary key
  // (one a concurrent writer changed since, holding no cue word now, scores 0 and is left out).
  const rareCandidates =
    rare.length > 0
      ? sql`select * from (
          select ${columns} from ${memories}
          where ${visible} and ${memories.id} = any(${sql.param([...rareIds])}::text[])
        ) as holders where score > 0`
      : none;
  const commonCandidates =
    common.length > 0
      ? sql`select ${columns} from ${memories}
        where ${visibleByKeys(memories, request.scope)} and ${layerIn}
        and ${memories.search} @@ ${anyOf(common)}::tsquery
        ${rare.length > 0 ? sql`and not (${memories.search} @@ ${anyOf(rare)}::tsquery)` : sql``}
        order by ${memories.updatedAt} desc, ${memories.id} collate "C"
        limit ${window + 1}`
      : none;
  return sql`
    rare_candidates as materialized (${rareCandidates}),
    common_candidates as materialized (${commonCandidates}),
    lexical_scored as materialized (
      select id, score,
        row_number() over (order by score desc, salience desc, updated_at desc, id collate "C") as place
      from (
        select * from rare_candidates union all select * from common_candidates
      ) as candidates
      order by score desc, salience desc, updated_at desc, id collate "C"
      limit ${window + 1}
    ),
    lexical as (
      select id, place as position from lexical_scored where place <= ${window}
    )`;
}

/**
 * The cosine similarity of the cue's vector and the vector of the joined
 * memory (`null` when it has none of the model): one less the cosine
 * distance, read by primary key for a ranked row the vector list did not
 * bring (a row it brought carries the same distance, computed by the same
 * expression), and guarded by the scope like every other read.
 */
function cueSimilarity(vector: NonNullable<RankRequest['vector']>, scope: MemoryScope): SQL {
  return sql`(select 1 - (${vector.index.column} <=> ${vector.index.literal(vector.values)})
    from ${memoryEmbeddings}
    where ${memoryEmbeddings.memoryId} = ${memories.id} and ${vector.index.rows}
      and ${visibleTo(memoryEmbeddings, scope)})`;
}

/**
 * Rank the memories visible to `request.scope` for a cue: two statements
 * (the cue's words with their frequencies, then the ranking), the last one
 * doing all of the ranking in SQL and answering the ranked rows as one JSON
 * document, with, given a cue vector, the count of visible memories without
 * a vector of the model (`unembeddedCount`). Only the cue's first `Limits.cueTerms` distinct words are
 * weighed and matched (see `weighCue`), so a maximal cue costs a bounded
 * number of index reads and ranking terms.
 *
 * - Lexical list: the cue's words as the English full-text configuration
 *   reads them (`@@` on the `search` column, which holds the text and the
 *   context, indexed beside the placement keys). A memory scores the sum of the inverse document
 *   frequencies of the cue words it holds (a word only its context holds at
 *   `contextWeight`), each counted among the visible memories, so the one memory holding a rare word
 *   outranks many sharing common ones (`ts_rank` has no such weighting).
 * - Vector list (when `request.vector` is given): the nearest rows by cosine
 *   distance on `embedding::vector(n)` (`nearestVectors`): every vector of a
 *   small scope compared exactly, found by their placement keys; a larger
 *   scope's through the partial HNSW index of that model.
 * - Fusion, with a cue vector: the statement answers each row's places in
 *   the two lists and its full-text score, and core's `hybridRelevance`
 *   (the rule the in-memory store fuses by) gives its relevance, ordered by
 *   core's `compareCandidates`. Lexical positions are distinct, ties in
 *   score taken by core's tie order (salience, the later update, the
 *   smaller id), as in the in-memory store: when tied rows shared a
 *   position, a cue word held by many memories put them all level with the
 *   vector list's best (the figures are in the decision record on retrieval
 *   quality). A lexical weight of 0 leaves the lexical list out (and its
 *   statements unrun). Full text alone ranks in the statement, a row at
 *   position p at relevance (k + 1) / (k + p), k being core's
 *   `reciprocalRankConstant`.
 *
 * Every list and the final join filter on the scope's visibility
 * (`visibleTo`, or `visibleByKeys` where an index of the placement keys
 * serves it, the same rows); no row outside it can come back. The plans assume the planner has statistics of
 * `memories` (see `PlannerStatistics`): without them it reads a tenant's
 * whole range of a B-tree where the full-text index would read a few pages.
 *
 * @param estimates - the store's kept estimates of a scope's vectors, which choose the vector
 *   list's path (see `nearestVectors`); without them each vector ranking plans one.
 * @throws whatever the driver throws; the caller translates it.
 */
export async function rankMemories(
  database: StoreDatabase,
  request: RankRequest,
  estimates?: VectorScopeEstimates,
): Promise<RankedMemories> {
  const layers = [...request.layers];
  const visibleMemory = and(visibleTo(memories, request.scope), inArray(memories.layer, layers));
  const window = request.window;
  const vector = request.vector;
  const lexicalWeight = vector ? request.weights.lexical : 1;
  const words =
    lexicalWeight > 0 ? await weighCue(database, request.scope, layers, request.cue) : undefined;
  const weighed = words?.weighed ?? [];
  const lexical = lexicalLists(request, weighed, words?.rareIds ?? []);
  const semantic = vector
    ? sql`,
    ${await nearestVectors(database, { ...request, vector }, estimates ? { estimates } : {})},
    semantic as (
      select id, distance, rank() over (order by distance) as position from semantic_nearest
    )`
    : sql``;
  // With a cue vector, each row's places and full-text score, for core's
  // hybridRelevance; full text alone ranks here, first place at 1.
  const k = sql.raw(String(reciprocalRankConstant));
  const fused = vector
    ? sql`select id, 0::float8 as relevance,
        min(lexical_place) as lexical_place, max(lexical_score) as lexical_score,
        min(vector_place) as vector_place, min(vector_distance) as vector_distance
      from (
        select id, place as lexical_place, score as lexical_score, null::bigint as vector_place,
          null::float8 as vector_distance
        from lexical_scored where place <= ${window}
        union all
        select id, null::bigint, null::float8, position, distance from semantic
      ) as listed
      group by id`
    : sql`select id,
        ${sql.raw(String(reciprocalRankConstant + 1))}::float8 / (${k} + position) as relevance
      from lexical`;
  // The final join reads `ranked` twice: for each row's relevance, and as the
  // array of ids its primary-key lookup is driven by, so the planner fetches
  // the window's rows by id instead of scanning the scope for them.
  const [answer] = resultRows<{
    ranked: string | null;
    overflow: boolean | string | null;
    common_cut: boolean | string | null;
    unembedded: number | string | null;
  }>(
    await database.execute(sql`
    with ${lexical}${semantic},
    ranked as materialized (${fused})
    select
      ${rankedRowsJson.select(
        sql`ranked.relevance`,
        sql`ranked.relevance desc, ${memories.salience} desc, ${memories.updatedAt} desc, ${memories.id} collate "C"`,
        // The vector list's rows carry their distance already; only the others read their vector.
        vector
          ? sql`coalesce(1 - ranked.vector_distance, ${cueSimilarity(vector, request.scope)})`
          : undefined,
        vector
          ? sql`json_build_array(ranked.lexical_place, ranked.lexical_score, ranked.vector_place)`
          : undefined,
      )} as ranked,
      (select count(*) from lexical_scored) > ${window} as overflow,
      (select count(*) from common_candidates) > ${window} as common_cut,
      ${vector ? unembeddedCount(request.scope, layers, vector.index) : sql`0`} as unembedded
    from ranked
    join ${memories} on ${memories.id} = ranked.id
    where ${memories.id} = any(array(select id from ranked)) and ${visibleMemory}`),
  );
  const flag = (value: unknown) => value === true || value === 't';
  const rows = rankedRowsJson.parse(answer?.ranked);
  return {
    ranked: vector ? fuseRows(rows, { ...request.weights, lexical: lexicalWeight }) : rows,
    lexicalOverflow: flag(answer?.overflow),
    commonWordsCut: flag(answer?.common_cut) ? weighed.filter((word) => word.common).length : 0,
    unembedded: Number(answer?.unembedded ?? 0),
    ...(words && words.distinct > words.read ? { cueTermsShortenedFrom: words.distinct } : {}),
  };
}

/**
 * The rows of a hybrid ranking with their relevance by core's
 * `hybridRelevance` (their places and full-text score against the best
 * one, under core's `hybridWeights` of the vector list's similarities),
 * best first by core's `compareCandidates`.
 */
export function fuseRows(rows: readonly RankedMemory[], weights: FusionWeights): RankedMemory[] {
  const bestLexicalScore = Math.max(0, ...rows.map((row) => row.places?.lexicalScore ?? 0));
  const nearest = rows
    .filter((row) => row.places?.vectorPlace !== undefined)
    .sort((left, right) => (left.places?.vectorPlace ?? 0) - (right.places?.vectorPlace ?? 0))
    .map((row) => row.similarity ?? 0);
  const fusedBy = hybridWeights(weights, nearest);
  return rows
    .map((ranked) => {
      const relevance = hybridRelevance(ranked.places ?? {}, bestLexicalScore, fusedBy);
      return { ranked: { ...ranked, relevance }, record: memoryRecordOf(ranked.row), relevance };
    })
    .sort(compareCandidates)
    .map(({ ranked }) => ranked);
}
