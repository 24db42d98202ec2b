import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';

/** Empty every table of the store (tests only: the contract's `reset`). */
export async function eraseStoreTables(database: StoreDatabase): Promise<void> {
  await database.execute(
    sql`truncate symfonic.memory_embeddings, symfonic.memory_versions, symfonic.memories, symfonic.turns`,
  );
}
