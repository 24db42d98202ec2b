import { sql } from 'drizzle-orm';
import { resultRows } from './result-rows.js';
import type { StoreDatabase } from './store-database.js';

/**
 * Whether the pgvector extension is installed in this database (the store's
 * first migration installs it wherever the server offers it).
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function detectPgvector(database: StoreDatabase): Promise<boolean> {
  const [row] = resultRows<{ present: boolean | string }>(
    await database.execute(
      sql`select exists (select 1 from pg_extension where extname = 'vector') as present`,
    ),
  );
  return row?.present === true || row?.present === 't';
}
