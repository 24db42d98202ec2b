import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type EmbeddingProvider, MemoryUnavailable } from '@symfonic/core';
import type { DrizzleMemoryStore } from '@symfonic/store-drizzle';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import pg from 'pg';
import type { StorageChoice } from './server-options.js';
import { StartupFailure } from './startup-failure.js';

/** How long a connection to PostgreSQL may take before the attempt fails (10 s). */
export const connectTimeoutMs = 10_000;

/** An open store and how to close everything it holds. */
export interface ServerStore {
  readonly store: DrizzleMemoryStore;
  /** Where the memories are, for the log: never a password. */
  readonly where: string;
  close(): Promise<void>;
}

function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * Open the store `choice` names, migrations applied: PGlite in its folder
 * (created when missing), or PostgreSQL/Neon through node-postgres on a
 * pool whose connection attempts give up after {@link connectTimeoutMs}, so
 * an unreachable host fails the start instead of hanging it. The pool never
 * lets a dying connection crash the process: the call that used it gets
 * `MemoryUnavailable`, and the next call connects again.
 *
 * @throws StartupFailure (exit code 3, one line naming the failure code, never the URL) when the database cannot be reached, opened or migrated.
 */
export async function openServerStore(
  choice: StorageChoice,
  embedder: EmbeddingProvider | undefined,
): Promise<ServerStore> {
  const withEmbedder = embedder === undefined ? {} : { embedder };
  try {
    if (choice.kind === 'pglite') {
      const dataDir = resolve(choice.dataDir);
      try {
        await mkdir(dataDir, { recursive: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
        throw new StartupFailure(`--data ${choice.dataDir}: cannot create the folder (${code})`, 3);
      }
      const store = await openPGliteStore({ dataDir, ...withEmbedder });
      return { store, where: `PGlite in ${dataDir}`, close: () => store.close() };
    }
    const pool = new pg.Pool({
      connectionString: choice.databaseUrl,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    try {
      const store = await openNodePostgresStore({ pool, ...withEmbedder });
      return {
        store,
        where: withoutPassword(choice.databaseUrl),
        close: async () => {
          await store.close();
          await pool.end();
        },
      };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    if (error instanceof StartupFailure) throw error;
    if (MemoryUnavailable.isInstance(error)) {
      throw new StartupFailure(`cannot open the memory database: ${error.message}`, 3);
    }
    throw error;
  }
}
