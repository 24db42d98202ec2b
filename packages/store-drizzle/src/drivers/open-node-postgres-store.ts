import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { requireConnection } from '../database/require-connection.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { type RankingOptions, rankingOptionsOf } from '../ranking-options.js';

/** Options of {@link openNodePostgresStore}: a connection string (the store makes and owns a pool) or your own pool. */
export type NodePostgresStoreOptions = (
  | { readonly connectionString: string; readonly pool?: undefined }
  | { readonly pool: pg.Pool; readonly connectionString?: undefined }
) &
  RankingOptions;

/**
 * Open a memory store on PostgreSQL through node-postgres (`pg`). With a
 * `connectionString` the store makes a `pg.Pool` and ends it on `close()`;
 * with a `pool`, the pool stays yours and `close()` leaves it open. A pool
 * the store made never lets a dying connection's `'error'` event crash the
 * process: the failure reaches the caller as `MemoryUnavailable` from the
 * call that was using it. Give your own pool the same listeners
 * (`pool.on('error')`, and `client.on('error')` on `'connect'`), as pg advises.
 *
 * @throws InvalidMemoryInput when neither a connection string nor a pool is given, or the embedder, `scanBudget` or `fusionWeights` is unusable.
 * @throws MemoryUnavailable when the server cannot be reached or migrated.
 */
export async function openNodePostgresStore(
  options: NodePostgresStoreOptions,
): Promise<DrizzleMemoryStore> {
  requireConnection(options, 'openNodePostgresStore');
  const owned = options.pool === undefined;
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString });
  if (owned) {
    // A connection that dies (idle in the pool, or checked out by a transaction) emits
    // 'error'; unheard, that would crash the process. The failure still reaches the
    // caller, as MemoryUnavailable, from the call that was using the connection.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
  }
  try {
    return await createDrizzleStore({
      db: drizzle({ client: pool }),
      ...rankingOptionsOf(options),
      ...(owned ? { onClose: () => pool.end() } : {}),
    });
  } catch (error) {
    if (owned) await pool.end().catch(() => undefined);
    throw error;
  }
}
