import type { StoreDatabase } from '../database/store-database.js';
import { takeStoreLock } from '../database/store-lock.js';
import type { VectorIndex } from './vector-index.js';

/**
 * Create the indexes of one embedding model and dimension if they do not
 * exist yet, under the store's advisory lock so that concurrent opens create
 * them once: the partial HNSW index of its vectors (not for a dimension
 * pgvector's HNSW cannot index: vectors are then compared by exact scan), and
 * the partial index of the memories without a vector of it.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function ensureVectorIndex(
  database: StoreDatabase,
  index: VectorIndex,
): Promise<void> {
  await database.transaction(async (transaction) => {
    await takeStoreLock(transaction);
    if (index.indexable) await transaction.execute(index.create);
    await transaction.execute(index.createUnembedded);
  });
}
