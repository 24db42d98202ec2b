import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { takeStoreLock } from '../database/store-lock.js';
import { resultRows } from '../rows/result-rows.js';
import { symfonicSchema } from '../schema/symfonic-schema.js';
import type { VectorIndex } from './vector-index.js';

/**
 * Create the indexes of one embedding model and dimension if they do not
 * exist yet: the partial HNSW index of its vectors (not for a dimension
 * pgvector's HNSW cannot index: vectors are then compared by exact scan), and
 * the partial index of the memories without a vector of it.
 *
 * An index that exists is left alone without a statement that locks its
 * table: `create index if not exists` takes a share lock on the table before
 * it looks for the index, so every instance opening the store would stall
 * every writer for a moment. Each missing index is created in a transaction
 * of its own, under the store's advisory lock (concurrent opens create it
 * once), holding one table at a time: a writer holding `memories` while it
 * waits for `memory_embeddings` can then never deadlock with an opener.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function ensureVectorIndex(
  database: StoreDatabase,
  index: VectorIndex,
): Promise<void> {
  const wanted = [
    ...(index.indexable ? [{ name: index.name, create: index.create }] : []),
    { name: index.unembeddedName, create: index.createUnembedded },
  ];
  for (const { name, create } of wanted) {
    const qualified = `${symfonicSchema.schemaName}.${name}`;
    const exists = async (on: StoreDatabase) =>
      resultRows<{ found: boolean | string }>(
        await on.execute(sql`select to_regclass(${qualified}) is not null as found`),
      ).some((row) => row.found === true || row.found === 't');
    if (await exists(database)) continue;
    await database.transaction(async (transaction) => {
      await takeStoreLock(transaction);
      if (!(await exists(transaction))) await transaction.execute(create);
    });
  }
}
