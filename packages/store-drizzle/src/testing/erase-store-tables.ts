import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';

/** Empty every table of the store (tests only: the contract's `reset`). */
export async function eraseStoreTables(database: StoreDatabase): Promise<void> {
  await database.execute(
    sql`truncate symfonic.memory_embeddings, symfonic.memory_versions, symfonic.memories, symfonic.turns`,
  );
}

/**
 * Empty every table of the store row by row (tests only: the contract's
 * `reset` on tables partitioned by tenant). A `truncate` of a partitioned
 * table gives every partition and each of its indexes a new file, locking all
 * of them, which costs a contract test's few rows seconds per reset; a
 * `delete` of those rows costs little, with a vacuum of the embeddings so
 * no deleted vector stays in the HNSW index.
 */
export async function deleteStoreRows(database: StoreDatabase): Promise<void> {
  await database.transaction(async (transaction) => {
    for (const table of ['memory_embeddings', 'memory_versions', 'memories', 'turns']) {
      await transaction.execute(sql.raw(`delete from symfonic.${table}`));
    }
  });
  // A deleted row stays in the HNSW index until a vacuum; left there, earlier tests' vectors
  // take the places of a vector query's candidates, and a later test's ranking would change.
  await database.execute(sql`vacuum symfonic.memory_embeddings`);
}
