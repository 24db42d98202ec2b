import type { StoreDatabase } from './store-database.js';
import { takeStoreLock } from './store-lock.js';
import type { VectorIndex } from './vector-index.js';

/**
 * Create the partial HNSW index of one embedding model and dimension if it
 * does not exist yet, under the store's advisory lock so that concurrent
 * opens create it once. Does nothing for a dimension pgvector's HNSW cannot
 * index (vectors are then compared by exact scan).
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function ensureVectorIndex(
  database: StoreDatabase,
  index: VectorIndex,
): Promise<void> {
  if (!index.indexable) return;
  await database.transaction(async (transaction) => {
    await takeStoreLock(transaction);
    await transaction.execute(index.create);
  });
}
