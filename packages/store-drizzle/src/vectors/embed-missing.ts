import { InvalidMemoryInput } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { CallerFailure } from '../database/caller-failure.js';
import { databaseErrorCode } from '../database/database-error-code.js';
import { runInTransaction } from '../database/run-in-transaction.js';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import type { MemoryWrite } from '../writes/memory-write.js';
import type { VectorIndex } from './vector-index.js';

/** Where a run of `embedMissing` stands, told after each batch it wrote. */
export interface EmbedMissingProgress {
  /** Vectors this run has written so far. */
  readonly embedded: number;
  /** Memories still without a vector of the model when the batch was written (others' writes included). */
  readonly remaining: number;
}

/** Options of `DrizzleMemoryStore.embedMissing`. */
export interface EmbedMissingOptions {
  /** Memories embedded per call of the embedder and written per transaction: 1 to 1 000, 100 by default. */
  readonly batchSize?: number;
  /** Called after each batch is committed; an exception it throws ends the run and is rethrown as it is (written batches stay). */
  readonly onProgress?: (progress: EmbedMissingProgress) => void;
  /** Stops the run before the next batch is read or written; the run then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** What a completed run of `embedMissing` did. */
export interface EmbedMissingResult {
  /** Vectors this run wrote (a memory another writer embedded first is not counted). */
  readonly embedded: number;
}

const defaultBatchSize = 100;
const largestBatchSize = 1_000;
/** SQLSTATEs after which a batch's write is run again: serialization failure, deadlock. */
const retriedCodes = new Set(['40001', '40P01']);
const writeAttempts = 5;

/**
 * Let the event loop take a turn. Embedded PGlite answers queries without
 * ever leaving the microtask queue, so without this a long run would not let
 * a timer or a signal handler (an `AbortSignal.timeout`, a Ctrl-C) run, and
 * so abort it, until the run had ended.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Throw the signal's reason, marked as the caller's, when it was aborted. */
function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CallerFailure(signal.reason);
}

/** The validated options. */
function validOptions(
  options: unknown,
): Required<Pick<EmbedMissingOptions, 'batchSize'>> & Omit<EmbedMissingOptions, 'batchSize'> {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidMemoryInput('invalid embedMissing options: not an object');
  }
  const { batchSize, onProgress, signal } = options as Record<string, unknown>;
  if (
    batchSize !== undefined &&
    (typeof batchSize !== 'number' ||
      !Number.isInteger(batchSize) ||
      batchSize < 1 ||
      batchSize > largestBatchSize)
  ) {
    throw new InvalidMemoryInput(
      `invalid embedMissing options: batchSize is a whole number from 1 to ${largestBatchSize}`,
    );
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new InvalidMemoryInput('invalid embedMissing options: onProgress is not a function');
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidMemoryInput('invalid embedMissing options: signal is not an AbortSignal');
  }
  return {
    batchSize: (batchSize as number | undefined) ?? defaultBatchSize,
    ...(onProgress ? { onProgress: onProgress as EmbedMissingOptions['onProgress'] } : {}),
    ...(signal ? { signal: signal as AbortSignal } : {}),
  };
}

/** One memory to embed, as read before embedding. */
interface Pending {
  readonly id: string;
  readonly tenant: string;
  readonly sequence: number;
  readonly text: string;
}

/** Where a pass over the memories without a vector stands: the last one read. */
type Cursor = Pick<Pending, 'tenant' | 'sequence'> | undefined;

/**
 * The next `size` live memories without a vector of the model after
 * `cursor`, by tenant then age, through the model's partial index
 * `memories_unembedded_…` (so a batch reads its rows, never the memories
 * that have vectors).
 */
async function readBatch(
  database: StoreDatabase,
  index: VectorIndex,
  cursor: Cursor,
  size: number,
): Promise<Pending[]> {
  const after = cursor
    ? sql`and (${memories.tenant}, ${memories.sequence}) > (${cursor.tenant}, ${cursor.sequence})`
    : sql``;
  const rows = resultRows<{ id: string; tenant: string; sequence: number | string; text: string }>(
    await database.execute(sql`
      select ${memories.id} as id, ${memories.tenant} as tenant, ${memories.sequence} as sequence,
        ${memories.text} as text
      from ${memories}
      where ${index.unembedded} ${after}
      order by ${memories.tenant}, ${memories.sequence}
      limit ${size}`),
  );
  return rows.map((row) => ({ ...row, sequence: Number(row.sequence) }));
}

/** How many live memories (of every tenant) have no vector of the model. */
async function countMissing(database: StoreDatabase, index: VectorIndex): Promise<number> {
  const [row] = resultRows<{ missing: number | string }>(
    await database.execute(
      sql`select count(*) as missing from ${memories} where ${index.unembedded}`,
    ),
  );
  return Number(row?.missing ?? 0);
}

/**
 * Write the vectors of `batch` in one transaction. First the memories are
 * marked (`vector_models`) where they still hold the text that was embedded
 * and still lack the mark: the update locks each row it marks (a concurrent
 * update of the memory waits for this transaction, or this one for it and
 * then sees its text), so a vector is only ever written beside the text it
 * was computed from, and of two concurrent runs only one marks a memory.
 * Then the marked memories' vectors are written, replacing any of the model
 * left there (by an older writer, or at another dimension). Answers the ids
 * of the memories it wrote vectors for.
 */
async function writeBatch(
  transaction: StoreDatabase,
  index: VectorIndex,
  batch: readonly Pending[],
  vectors: readonly Float32Array[],
): Promise<string[]> {
  const embedded = sql.join(
    batch.map((pending) => sql`(${pending.id}::text, ${pending.text}::text)`),
    sql`, `,
  );
  const marked = resultRows<{
    id: string;
    tenant: string;
    scope_key: string;
    ancestor_keys: string[];
    layer: 'episodic' | 'semantic';
  }>(
    await transaction.execute(sql`
      update ${memories}
      set vector_models = array_append(${memories.vectorModels}, ${index.key})
      from (values ${embedded}) as embedded (id, text)
      where ${memories.id} = embedded.id and ${memories.text} = embedded.text and ${index.unembedded}
      returning ${memories.id} as id, ${memories.tenant} as tenant, ${memories.scopeKey} as scope_key,
        ${memories.ancestorKeys} as ancestor_keys, ${memories.layer} as layer`),
  );
  if (marked.length === 0) return [];
  const vectorOf = new Map(batch.map((pending, position) => [pending.id, vectors[position]]));
  await transaction
    .insert(memoryEmbeddings)
    .values(
      marked.map((row) => ({
        memoryId: row.id,
        model: index.model,
        dimensions: index.dimensions,
        tenant: row.tenant,
        scopeKey: row.scope_key,
        ancestorKeys: row.ancestor_keys,
        layer: row.layer,
        embedding: Array.from(vectorOf.get(row.id) as Float32Array),
      })),
    )
    .onConflictDoUpdate({
      target: [memoryEmbeddings.memoryId, memoryEmbeddings.model, memoryEmbeddings.tenant],
      set: { dimensions: sql`excluded.dimensions`, embedding: sql`excluded.embedding` },
    });
  return marked.map((row) => row.id);
}

/**
 * Embed and write, batch by batch, the live memories that have no vector of
 * `index`'s model and dimension, until none is left. Each batch is read,
 * embedded with `embed` (outside any transaction), then written in its own
 * transaction (see {@link writeBatch}); a batch whose write loses a deadlock
 * or serialization race is written again, up to five times. Safe beside
 * concurrent writers and other runs: a memory is never given a second vector
 * of a model, nor the vector of a text it no longer holds. A memory skipped
 * because its text changed is read again by the next batch. Stopping (abort,
 * a failure) loses at most the batch in flight; running again resumes where
 * the vectors end. Each batch's transaction runs through `write` (the
 * store's read index, which then reads again the memories given vectors),
 * told the ids it wrote vectors for.
 *
 * @throws InvalidMemoryInput when the options are malformed.
 * @throws CallerFailure holding the signal's reason when `options.signal`
 * aborts, or what `options.onProgress` threw.
 * @throws whatever `embed` throws (nothing of that batch was written), or the driver throws; the caller translates it.
 */
export async function embedMissing(
  database: StoreDatabase,
  index: VectorIndex,
  embed: (texts: readonly string[]) => Promise<Float32Array[]>,
  options: EmbedMissingOptions,
  write: MemoryWrite,
): Promise<EmbedMissingResult> {
  const { batchSize, onProgress, signal } = validOptions(options);
  let embedded = 0;
  let cursor: Cursor;
  for (;;) {
    await yieldToEventLoop();
    stopIfAborted(signal);
    const batch = await readBatch(database, index, cursor, batchSize);
    if (batch.length === 0) {
      // The end of a pass; memories skipped or written behind the cursor meanwhile are read by the next.
      if (cursor === undefined) return { embedded };
      cursor = undefined;
      continue;
    }
    const last = batch.at(-1) as Pending;
    cursor = { tenant: last.tenant, sequence: last.sequence };
    const vectors = await embed(batch.map((pending) => pending.text));
    stopIfAborted(signal);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const written = await write(
          () =>
            runInTransaction(database, (transaction) =>
              writeBatch(transaction, index, batch, vectors),
            ),
          (ids) => ids,
        );
        embedded += written.length;
        break;
      } catch (error) {
        if (!retriedCodes.has(databaseErrorCode(error) ?? '') || attempt >= writeAttempts) {
          throw error;
        }
      }
    }
    const remaining = await countMissing(database, index);
    try {
      onProgress?.({ embedded, remaining });
    } catch (error) {
      throw new CallerFailure(error);
    }
  }
}
