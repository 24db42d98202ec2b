import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';

/** What the database offers of pgvector. */
export interface PgvectorSupport {
  /** The installed extension's version, e.g. `0.8.0`. */
  readonly version: string;
  /**
   * Whether HNSW scans can keep walking until enough rows pass a filter
   * (`hnsw.iterative_scan`, pgvector 0.8 and later). Without it a scan stops
   * after `hnsw.ef_search` rows (40), so a selective scope filter can leave
   * the vector list short.
   */
  readonly iterativeScan: boolean;
}

function atLeast(version: string, major: number, minor: number): boolean {
  const [foundMajor = 0, foundMinor = 0] = version
    .split('.')
    .map((part) => Number.parseInt(part, 10));
  return foundMajor > major || (foundMajor === major && foundMinor >= minor);
}

/**
 * pgvector as installed in this database (the store's first migration
 * installs it wherever the server offers it), or `undefined` without it.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function detectPgvector(
  database: StoreDatabase,
): Promise<PgvectorSupport | undefined> {
  const [row] = resultRows<{ version: string }>(
    await database.execute(
      sql`select extversion as version from pg_extension where extname = 'vector'`,
    ),
  );
  if (!row) return undefined;
  return { version: row.version, iterativeScan: atLeast(row.version, 0, 8) };
}
