import { type MemoryScope, reciprocalRankConstant, similarityOf } from '@symfonic/core';
import { and, inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import type { MemoryRow } from '../rows/memory-columns.js';
import { resultRows } from '../rows/result-rows.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { scopePlacement } from '../scope/scope-placement.js';
import { visibleTo } from '../scope/visible-to.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import { rankIndexedWords, visibleAt } from './rank-indexed-words.js';
import { fuseRows, type RankedMemories, type RankRequest } from './rank-memories.js';
import type { RankedMemory } from './ranked-rows-json.js';
import { readCueWords } from './read-cue-words.js';
import type { ReadIndex } from './read-index.js';

/** A copy of `row` a caller may change without changing the index. */
function copyRow(row: MemoryRow): MemoryRow {
  return {
    ...row,
    path: [...row.path],
    metadata: row.metadata === null ? null : structuredClone(row.metadata),
    createdAt: new Date(row.createdAt.getTime()),
    updatedAt: new Date(row.updatedAt.getTime()),
  };
}

/** What the vector statement answers: the vector list, and the similarity of other rows. */
interface VectorAnswer {
  /** `[id, similarity, place]`, nearest first. */
  readonly nearest: [string, number, number][];
  /** `[id, similarity]` of the listed ids that have a vector of the model. */
  readonly others: [string, number][];
}

/**
 * The vector half of `rankMemories` as one statement: the nearest `window`
 * rows by cosine distance on `embedding::vector(n)` (the same expression
 * and filters, so the model's HNSW index serves it and answers what it
 * answers there), each with its place (`rank()`, ties sharing one) and its
 * similarity (one less the distance), and the similarity of each of
 * `others` that has a vector of the model.
 */
async function readVectorList(
  database: StoreDatabase,
  scope: MemoryScope,
  layers: readonly string[],
  window: number,
  vector: { readonly index: VectorIndex; readonly values: Float32Array },
  others: readonly string[],
): Promise<VectorAnswer> {
  const { index, values } = vector;
  const [answer] = resultRows<{ nearest: string | null; others: string | null }>(
    await database.execute(sql`
    with semantic_nearest as (
      select ${memoryEmbeddings.memoryId} as id, ${index.column} <=> ${index.literal(values)} as distance
      from ${memoryEmbeddings}
      where ${index.rows}
        and ${visibleTo(memoryEmbeddings, scope)}
        and ${inArray(memoryEmbeddings.layer, [...layers] as ('episodic' | 'semantic')[])}
      order by distance
      limit ${window}
    ),
    semantic as (
      select id, distance, rank() over (order by distance) as position from semantic_nearest
    )
    select
      (select json_agg(json_build_array(id, 1 - distance, position) order by position, id collate "C")
        from semantic)::text as nearest,
      (select json_agg(json_build_array(${memoryEmbeddings.memoryId}, 1 - (${index.column} <=> ${index.literal(values)})))
        from ${memoryEmbeddings}
        where ${and(
          sql`${memoryEmbeddings.memoryId} = any(${sql.param([...others])}::text[])`,
          index.rows,
          visibleTo(memoryEmbeddings, scope),
        )})::text as others`),
  );
  const parse = <Value>(json: string | null | undefined): Value[] => {
    if (json === null || json === undefined) return [];
    if (typeof json !== 'string')
      throw new TypeError('the driver answered JSON text as another type');
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) throw new TypeError('the vector list is not a JSON array');
    return value as Value[];
  };
  return { nearest: parse(answer?.nearest), others: parse(answer?.others) };
}

/**
 * `rankMemories` answered from the read index: the same rows, relevance,
 * similarity, places and flags (a test compares both on the same
 * databases), with the cue's words read by PostgreSQL's parser in a
 * statement that reads no table, the lexical list computed in process
 * (`rankIndexedWords`), and, with a cue vector, the vector list read by the
 * same statement as the SQL path's (its HNSW search), fused by core's
 * `hybridRelevance` and ordered by `compareCandidates`. Answers `undefined`
 * when the index cannot answer (not loaded and a write ran while it loaded,
 * a write running, or one that ran while this ranking read the database):
 * the caller then ranks in SQL.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function rankWithIndex(
  database: StoreDatabase,
  index: ReadIndex,
  request: RankRequest,
): Promise<RankedMemories | undefined> {
  if (!index.answering) return undefined;
  const generation = index.generation;
  const vector = request.vector;
  const lexicalWeight = vector ? request.weights.lexical : 1;
  const words = lexicalWeight > 0 ? await readCueWords(database, request.cue) : undefined;
  if (index.generation !== generation) return undefined;
  const placement = scopePlacement(request.scope);
  const tenant = index.tenant(placement.tenant);
  const window = request.window;
  const lexical = words
    ? rankIndexedWords(tenant, placement, request.layers, words.lexemes, window)
    : { weighed: [], scored: [], commonCut: false };
  const flags = {
    lexicalOverflow: lexical.scored.length > window,
    commonWordsCut: lexical.commonCut ? lexical.weighed.filter((word) => word.common).length : 0,
    ...(words && words.distinct > words.lexemes.length
      ? { cueTermsShortenedFrom: words.distinct }
      : {}),
  };
  const listed = lexical.scored.slice(0, window);
  if (!vector) {
    const ranked = listed.map(({ memory }, place) => ({
      row: copyRow(memory.row),
      relevance: (reciprocalRankConstant + 1) / (reciprocalRankConstant + place + 1),
    }));
    return { ranked, ...flags };
  }
  const answer = await readVectorList(
    database,
    request.scope,
    request.layers,
    window,
    vector,
    listed.map(({ memory }) => memory.row.id),
  );
  if (index.generation !== generation) return undefined;
  const rows = new Map<
    string,
    { lexicalPlace?: number; lexicalScore?: number; vectorPlace?: number; similarity?: number }
  >();
  listed.forEach(({ memory, score }, place) => {
    rows.set(memory.row.id, { lexicalPlace: place + 1, lexicalScore: score });
  });
  for (const [id, similarity] of answer.others) {
    const row = rows.get(id);
    if (row) row.similarity = similarity;
  }
  for (const [id, similarity, vectorPlace] of answer.nearest) {
    rows.set(id, { ...rows.get(id), vectorPlace, similarity });
  }
  const ancestors = new Set(placement.ancestorKeys);
  const layers = new Set(request.layers);
  const found: RankedMemory[] = [];
  for (const [id, { similarity, ...places }] of rows) {
    const memory = tenant?.byId.get(id);
    // The SQL path's final join: a row no visible memory of these layers holds is left out.
    if (!memory || !visibleAt(memory, placement, ancestors, layers)) continue;
    found.push({
      row: copyRow(memory.row),
      relevance: 0,
      ...(similarity === undefined ? {} : { similarity: similarityOf(similarity) }),
      places,
    });
  }
  return { ranked: fuseRows(found, { ...request.weights, lexical: lexicalWeight }), ...flags };
}
