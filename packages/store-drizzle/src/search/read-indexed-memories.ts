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
import { normOf } from './rank-indexed-vectors.js';

/** A memory's vector of the store's model, as stored (single precision), with its norm. */
export interface IndexedVector {
  readonly values: Float32Array;
  /** The Euclidean norm of `values`, summed in double precision. */
  readonly norm: number;
}

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
  /** Its vector of the store's embedding model, when the index holds vectors and the memory has one. */
  readonly vector?: IndexedVector;
  /**
   * Whether `vector_models` names the store's model (what `countUnembedded`
   * tests), `true` when the index holds no vectors.
   */
  readonly embedded: boolean;
}

type Tuple = [
  ...MemoryRowTuple,
  scopeKey: string,
  ancestorKeys: string[],
  updatedMicros: number,
  sequence: number,
  search: string,
  embedded: boolean,
];

/**
 * The rows of `memories` matching `where`, at most `limit` by `sequence`,
 * as one JSON document: every column a record is read from, the placement
 * columns, `updated_at` to the microsecond, and `search` as PostgreSQL
 * prints it, whose lexemes and weights `parseTsvector` reads, so the index
 * holds exactly the words the full-text operator `@@` tests, without a
 * subquery and an aggregate per row. With `vectors` (the store's model),
 * also whether `vector_models` names the model.
 */
async function readRows(
  database: StoreDatabase,
  vectors: VectorIndex | undefined,
  where: SQL,
  limit: number,
): Promise<Tuple[]> {
  const embedded = vectors ? sql`not ${vectors.unembedded}` : sql`true`;
  const [answer] = resultRows<{ rows: string | null }>(
    await database.execute(sql`
      select json_agg(json_build_array(
        id, tenant, path, layer, text, salience, metadata, writer, turn_id, reply_family, version,
        created_at, updated_at, context, scope_key, ancestor_keys,
        (extract(epoch from updated_at) * 1000000)::int8, sequence, search::text, embedded
      ) order by sequence)::text as rows
      from (
        select *, ${embedded} as embedded from ${memories}
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

/**
 * The vectors of `vectors`' model the memories `ids` have, by memory id,
 * read in pgvector's binary form (`vector_send`: the dimension and an unused
 * word, two 16-bit integers, then each value as a big-endian single-precision
 * float), so the stored values arrive exactly and without printing and
 * parsing text.
 */
async function readVectors(
  database: StoreDatabase,
  vectors: VectorIndex,
  ids: readonly string[],
): Promise<Map<string, Float32Array>> {
  const found = new Map<string, Float32Array>();
  if (ids.length === 0) return found;
  const rows = resultRows<{ id: string; vector: unknown }>(
    await database.execute(sql`
      select ${memoryEmbeddings.memoryId} as id, vector_send(${vectors.column}) as vector
      from ${memoryEmbeddings}
      where ${memoryEmbeddings.memoryId} = any(${sql.param([...ids])}::text[]) and ${vectors.rows}`),
  );
  for (const { id, vector } of rows) {
    if (!(vector instanceof Uint8Array))
      throw new TypeError('the driver answered a vector in binary as another type');
    const view = new DataView(vector.buffer, vector.byteOffset, vector.byteLength);
    const values = new Float32Array(view.getInt16(0));
    if (vector.byteLength !== 4 + values.length * 4)
      throw new TypeError('a vector in binary is not as long as its dimension says');
    for (let at = 0; at < values.length; at += 1) values[at] = view.getFloat32(4 + at * 4);
    found.set(id, values);
  }
  return found;
}

/** The {@link IndexedMemory} a row's JSON tuple stands for, with its vector when it has one. */
function indexedMemoryOf(tuple: Tuple, values: Float32Array | undefined): IndexedMemory {
  const [scopeKey, ancestorKeys, updatedMicros, sequence, search, embedded] = tuple.slice(
    memoryRowTupleLength,
  ) as [Tuple[14], Tuple[15], Tuple[16], Tuple[17], Tuple[18], Tuple[19]];
  return {
    row: memoryRowOfTuple(tuple),
    scopeKey,
    ancestorKeys,
    updatedMicros,
    sequence,
    words: parseTsvector(search),
    ...(values ? { vector: { values, norm: normOf(values) } } : {}),
    embedded,
  };
}

/** The memories `tuples` stand for, with their vectors of `vectors`' model when given (one more statement). */
async function indexedMemoriesOf(
  database: StoreDatabase,
  vectors: VectorIndex | undefined,
  tuples: readonly Tuple[],
): Promise<IndexedMemory[]> {
  const found = vectors
    ? await readVectors(
        database,
        vectors,
        tuples.map((tuple) => tuple[0]),
      )
    : undefined;
  return tuples.map((tuple) => indexedMemoryOf(tuple, found?.get(tuple[0])));
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
): Promise<IndexedMemory[]> {
  const all: IndexedMemory[] = [];
  let after = 0;
  for (;;) {
    const page = await readRows(
      database,
      vectors,
      sql`${memories.sequence} > ${after}`,
      rowsPerRead,
    );
    all.push(...(await indexedMemoriesOf(database, vectors, page)));
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
): Promise<IndexedMemory[]> {
  if (ids.length === 0) return [];
  const tuples = await readRows(
    database,
    vectors,
    sql`${memories.id} = any(${sql.param([...ids])}::text[])`,
    ids.length,
  );
  return indexedMemoriesOf(database, vectors, tuples);
}
