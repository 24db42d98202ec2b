import { neonConfig, Pool, type PoolClient } from '@neondatabase/serverless';
import { MemoryUnavailable } from '@symfonic/core';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { requireConnection } from '../database/require-connection.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { type RankingOptions, rankingOptionsOf } from '../ranking-options.js';

/** Options of {@link openNeonStore}: a connection string (the store makes and owns a pool) or your own pool. */
export type NeonStoreOptions = (
  | { readonly connectionString: string; readonly pool?: undefined }
  | { readonly pool: Pool; readonly connectionString?: undefined }
) &
  RankingOptions;

/**
 * Open a memory store on Neon through `@neondatabase/serverless` (its
 * WebSocket `Pool`, which supports the transactions the store needs). Neon's
 * settings are Neon's own `neonConfig`: on Node 20, which has no global
 * `WebSocket`, set `neonConfig.webSocketConstructor = ws` first. With a
 * `connectionString` the store makes a pool, keeps a dying connection's
 * `'error'` event from crashing the process, and ends the pool on `close()`;
 * with a `pool`, the pool (and its listeners) stay yours.
 *
 * @throws InvalidMemoryInput when neither a connection string nor a pool is given, or the embedder, `scanBudget` or `fusionWeights` is unusable.
 * @throws MemoryUnavailable when no WebSocket constructor is available, or
 * the database cannot be reached or migrated.
 */
export async function openNeonStore(options: NeonStoreOptions): Promise<DrizzleMemoryStore> {
  requireConnection(options, 'openNeonStore');
  if (neonConfig.webSocketConstructor === undefined && globalThis.WebSocket === undefined) {
    throw new MemoryUnavailable(
      'Neon needs a WebSocket: this runtime has none, so set neonConfig.webSocketConstructor (e.g. to ws)',
    );
  }
  const owned = options.pool === undefined;
  const pool = options.pool ?? new Pool({ connectionString: options.connectionString });
  if (owned) {
    // A connection that dies (idle in the pool, or checked out by a transaction) emits
    // 'error'; unheard, that would crash the process. The failure still reaches the
    // caller, as MemoryUnavailable, from the call that was using the connection.
    pool.on('error', () => undefined);
    pool.on('connect', (client: PoolClient) => client.on('error', () => undefined));
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
