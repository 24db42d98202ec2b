import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';

/** pgvector's HNSW indexes `vector` columns of at most this many dimensions. */
const hnswDimensionLimit = 2_000;

/**
 * How the store reaches one embedding model's vectors in pgvector: the
 * expression `embedding::vector(n)` that both the HNSW index and every query
 * use (they must match exactly for the index to serve the query), the
 * predicate selecting that model's rows (the index is partial on it), and the
 * statement creating the index. The model name is written into SQL as an
 * escaped literal because DDL takes no parameters and a partial index only
 * serves queries whose predicate names the same constants. The same holds
 * for the partial index of the memories still without a vector of the model.
 */
export interface VectorIndex {
  readonly model: string;
  readonly dimensions: number;
  /** The index's name, derived from the model and dimension. */
  readonly name: string;
  /** False above pgvector's HNSW limit: vectors are then compared by exact scan. */
  readonly indexable: boolean;
  /** `embedding::vector(n)` on the embeddings table. */
  readonly column: SQL;
  /** `model = '…' and dimensions = n` on the embeddings table. */
  readonly rows: SQL;
  /** `create index if not exists … using hnsw (… vector_cosine_ops) where …`. */
  readonly create: SQL;
  /** `<dimensions>:<model>`: how `memories.vector_models` names this model's vectors. */
  readonly key: string;
  /** `not (vector_models @> array['<key>'])` on `memories`: the memories without a vector of this model. */
  readonly unembedded: SQL;
  /**
   * `create index if not exists … on memories (tenant, sequence) where not (vector_models @> …)`:
   * holds only the memories without a vector of this model, so it is empty once every memory has one.
   */
  readonly createUnembedded: SQL;
  /** The name of the index {@link createUnembedded} creates. */
  readonly unembeddedName: string;
  /** A query vector as `'[…]'::vector(n)`. */
  literal(values: Float32Array | readonly number[]): SQL;
}

/**
 * `text` as an SQL string literal, as PostgreSQL's `quote_literal` writes it:
 * quotes doubled, and an `E''` literal with doubled backslashes when there
 * are any, so it reads the same whatever `standard_conforming_strings` says.
 */
function quoteLiteral(text: string): string {
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** The {@link VectorIndex} of `model` at `dimensions`. */
export function vectorIndex(model: string, dimensions: number): VectorIndex {
  const digest = createHash('sha256')
    .update(`${model}\u0000${dimensions}`)
    .digest('hex')
    .slice(0, 16);
  const name = `memory_embeddings_hnsw_${digest}`;
  const key = `${dimensions}:${model}`;
  const keyArray = sql.raw(`array[${quoteLiteral(key)}]::text[]`);
  const vectorType = sql.raw(`vector(${dimensions})`);
  const column = sql`(${memoryEmbeddings.embedding}::${vectorType})`;
  const rows = sql`${memoryEmbeddings.model} = ${sql.raw(quoteLiteral(model))} and ${memoryEmbeddings.dimensions} = ${sql.raw(String(dimensions))}`;
  const create = sql`create index if not exists ${sql.identifier(name)} on ${memoryEmbeddings} using hnsw ((embedding::${vectorType}) vector_cosine_ops) where model = ${sql.raw(quoteLiteral(model))} and dimensions = ${sql.raw(String(dimensions))}`;
  const unembeddedName = `memories_unembedded_${digest}`;
  const createUnembedded = sql`create index if not exists ${sql.identifier(unembeddedName)} on ${memories} (tenant, sequence) where not (vector_models @> ${keyArray})`;
  return {
    model,
    dimensions,
    name,
    indexable: dimensions <= hnswDimensionLimit,
    column,
    rows,
    create,
    key,
    unembedded: sql`not (${memories.vectorModels} @> ${keyArray})`,
    createUnembedded,
    unembeddedName,
    literal: (values) => sql`${`[${Array.from(values).join(',')}]`}::${vectorType}`,
  };
}
