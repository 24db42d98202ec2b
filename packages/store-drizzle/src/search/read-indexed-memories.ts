import { type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import type { MemoryRow } from '../rows/memory-columns.js';
import {
  type MemoryRowTuple,
  memoryRowOfTuple,
  memoryRowTupleLength,
} from '../rows/memory-row-tuple.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import { parseTsvector } from './parse-tsvector.js';

/** A live memory as the read index keeps it: its row, its placement and the words of its `search` vector. */
export interface IndexedMemory {
  readonly row: MemoryRow;
  readonly scopeKey: string;
  readonly ancestorKeys: readonly string[];
  /** `updated_at` in microseconds since the epoch, as PostgreSQL orders it (a `Date` keeps milliseconds only). */
  readonly updatedMicros: number;
  /** The insertion order of the row (`sequence`). */
  readonly sequence: number;
  /**
   * Each lexeme of the stored `search` vector, `true` when a `:A` query
   * matches it (it has a position of weight `A`, the text's, or no position
   * at all, which PostgreSQL lets match any weight), `false` when only the
   * context holds it.
   */
  readonly words: ReadonlyMap<string, boolean>;
  /**
   * Whether `vector_models` names the store's model (what `countUnembedded`
   * tests), `true` when the index holds no vectors.
   */
  readonly embedded: boolean;
}

/**
 * A memory as read for the read index, with its vector of the store's model
 * as the statement printed it (the shortest digits of each single-precision
 * value), when the index holds vectors and the memory has one: the index
 * packs it with the vectors of the memories placed alike
 * (`IndexedVectorBucket`) rather than keeping an array per memory.
 */
export interface IndexedRead {
  readonly memory: IndexedMemory;
  readonly vector: readonly number[] | undefined;
}

type Tuple = [
  ...MemoryRowTuple,
  scopeKey: string,
  ancestorKeys: string[],
  updatedMicros: number,
  sequence: number,
  search: string,
  embedded: boolean,
  vector: number[] | null,
];

/**
 * The rows of `memories` matching `where`, at most `limit` by `sequence`,
 * as one JSON document: every column a record is read from, the placement
 * columns, `updated_at` to the microsecond, and `search` as PostgreSQL
 * prints it, whose lexemes and weights `parseTsvector` reads, so the index
 * holds exactly the words the full-text operator `@@` tests, without a
 * subquery and an aggregate per row. With `vectors` (the store's model),
 * also whether `vector_models` names the model and the memory's vector of
 * it (`real[]`, which JSON prints with the shortest digits that read back as
 * the same single-precision value), read by the embeddings' key.
 */
async function readRows(
  database: StoreDatabase,
  vectors: VectorIndex | undefined,
  where: SQL,
  limit: number,
): Promise<Tuple[]> {
  const vectorColumns = vectors
    ? sql`not ${vectors.unembedded} as embedded, (
          select ${memoryEmbeddings.embedding} from ${memoryEmbeddings}
          where ${memoryEmbeddings.memoryId} = ${memories.id}
            and ${memoryEmbeddings.tenant} = ${memories.tenant} and ${vectors.rows}
        ) as vector`
    : sql`true as embedded, null::real[] as vector`;
  const [answer] = resultRows<{ rows: string | null }>(
    await database.execute(sql`
      select json_agg(json_build_array(
        id, tenant, path, layer, text, salience, metadata, writer, turn_id, reply_family, version,
        created_at, updated_at, context, scope_key, ancestor_keys,
        (extract(epoch from updated_at) * 1000000)::int8, sequence, search::text, embedded, vector
      ) order by sequence)::text as rows
      from (
        select *, ${vectorColumns} from ${memories}
        where ${where} order by ${memories.sequence} limit ${limit}
      ) as chosen`),
  );
  const json = answer?.rows ?? null;
  if (json === null) return [];
  if (typeof json !== 'string')
    throw new TypeError('the driver answered JSON text as another type');
  const tuples: unknown = JSON.parse(json);
  if (!Array.isArray(tuples)) throw new TypeError('the indexed rows are not a JSON array');
  return tuples as Tuple[];
}

/** The {@link IndexedRead} a row's JSON tuple stands for. */
function indexedReadOf(tuple: Tuple): IndexedRead {
  const [scopeKey, ancestorKeys, updatedMicros, sequence, search, embedded, vector] = tuple.slice(
    memoryRowTupleLength,
  ) as [Tuple[14], Tuple[15], Tuple[16], Tuple[17], Tuple[18], Tuple[19], Tuple[20]];
  return {
    memory: {
      row: memoryRowOfTuple(tuple),
      scopeKey,
      ancestorKeys,
      updatedMicros,
      sequence,
      words: parseTsvector(search),
      embedded,
    },
    vector: vector ?? undefined,
  };
}

/** Rows read per statement when loading the whole table: a JSON document of a few megabytes. */
const rowsPerRead = 5_000;

/**
 * Every live memory, read `rowsPerRead` at a time in `sequence` order, with
 * its vector of `vectors`' model when given.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function readAllIndexedMemories(
  database: StoreDatabase,
  vectors: VectorIndex | undefined,
): Promise<IndexedRead[]> {
  const all: IndexedRead[] = [];
  let after = 0;
  for (;;) {
    const page = await readRows(
      database,
      vectors,
      sql`${memories.sequence} > ${after}`,
      rowsPerRead,
    );
    for (const tuple of page) all.push(indexedReadOf(tuple));
    const last = page.at(-1);
    if (last === undefined || page.length < rowsPerRead) return all;
    after = last[17];
  }
}

/**
 * The live memories among `ids` (an id no live memory has is absent from the
 * answer), with their vectors of `vectors`' model when given.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function readIndexedMemories(
  database: StoreDatabase,
  vectors: VectorIndex | undefined,
  ids: readonly string[],
): Promise<IndexedRead[]> {
  if (ids.length === 0) return [];
  const tuples = await readRows(
    database,
    vectors,
    sql`${memories.id} = any(${sql.param([...ids])}::text[])`,
    ids.length,
  );
  return tuples.map(indexedReadOf);
}
