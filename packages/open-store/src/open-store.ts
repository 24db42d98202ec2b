import type { EmbeddingProvider, FusionWeightsOption, MemoryStore } from '@symfonic/core';
import { createLocalEmbedder } from '@symfonic/memory';
import type { DrizzleMemoryStore } from '@symfonic/store-drizzle';
import { databaseUrlVariable } from './database-url-variable.js';
import { loadDriver } from './load-driver.js';
import { readStoreTarget, type StoreTarget } from './store-target.js';

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /**
   * Embeds memories and cues, for the store and for `createMemory`. Default:
   * the local n-gram embedder (`createLocalEmbedder()` of `@symfonic/memory`),
   * offline and deterministic; `false` opens the store without one (full-text
   * ranking only, reported as `no-embedder`).
   */
  readonly embedder?: EmbeddingProvider | false;
  /** Most rows a candidate scan ranks per list (each store's default when absent). */
  readonly scanBudget?: number;
  /** The weights of the full-text and vector votes (`{ lexical: 1, vector: 1 }` by default). */
  readonly fusionWeights?: FusionWeightsOption;
  /**
   * Open a `postgres://` URL through Neon's serverless driver even though its
   * host does not end in `.neon.tech` (a custom domain, a local proxy).
   */
  readonly neon?: boolean;
  /** How long a connection to PostgreSQL may take before the attempt fails, in milliseconds (default 10,000). */
  readonly connectTimeoutMs?: number;
}

/** What every store {@link openStore} opened answers beside the store. */
interface OpenedStoreBase {
  /** Where the memories are, for a log: a folder, a host and database, never a password. */
  readonly where: string;
  /** The embedder the store ranks with; give the same one to `createMemory`. */
  readonly embedder: EmbeddingProvider | undefined;
  /** Close the store and everything it holds (the pool, PGlite and its folder lock). */
  close(): Promise<void>;
}

/**
 * A store {@link openStore} opened, and what it was opened with: on
 * PostgreSQL (PGlite, node-postgres, Neon) the Drizzle store, with its
 * extras (`embedMissing`, `vectors`); in memory, the in-process store.
 */
export type OpenedStore =
  | (OpenedStoreBase & {
      readonly kind: 'pglite' | 'postgres' | 'neon';
      readonly store: DrizzleMemoryStore;
    })
  | (OpenedStoreBase & { readonly kind: 'memory'; readonly store: MemoryStore });

/** The default of {@link OpenStoreOptions.connectTimeoutMs}. */
export const defaultConnectTimeoutMs = 10_000;

async function openTarget(
  target: StoreTarget,
  ranking: {
    embedder?: EmbeddingProvider;
    scanBudget?: number;
    fusionWeights?: FusionWeightsOption;
  },
  connectTimeoutMs: number,
): Promise<
  | { kind: 'memory'; store: MemoryStore; close: () => Promise<void> }
  | { kind: 'pglite' | 'postgres' | 'neon'; store: DrizzleMemoryStore; close: () => Promise<void> }
> {
  if (target.kind === 'memory') {
    const { createInMemoryStore } = await import('@symfonic/store-memory');
    const store = createInMemoryStore(ranking);
    return { kind: 'memory', store, close: () => store.close() };
  }
  if (target.kind === 'pglite') {
    const { openPGliteStore } = await loadDriver(
      'pglite',
      () => import('@symfonic/store-drizzle/pglite'),
    );
    const store = await openPGliteStore({ dataDir: target.dataDir, ...ranking });
    return { kind: 'pglite', store, close: () => store.close() };
  }
  if (target.kind === 'postgres') {
    const { openNodePostgresStore } = await loadDriver(
      'postgres',
      () => import('@symfonic/store-drizzle/node-postgres'),
    );
    const { default: pg } = await loadDriver('postgres', () => import('pg'));
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    try {
      const store = await openNodePostgresStore({ pool, ...ranking });
      return {
        kind: 'postgres',
        store,
        close: async () => {
          await store.close();
          await pool.end();
        },
      };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
  const { openNeonStore } = await loadDriver('neon', () => import('@symfonic/store-drizzle/neon'));
  const { neonConfig } = await loadDriver('neon', () => import('@neondatabase/serverless'));
  if (neonConfig.webSocketConstructor === undefined) {
    // `ws` first, where it is installed: Node's own WebSocket (Node 22 and later) reports a
    // failed connection as a bare event, without the socket code that says what went wrong.
    const ws = await import('ws').then(
      (module) => module.default,
      () => undefined,
    );
    if (ws !== undefined) neonConfig.webSocketConstructor = ws;
    else if (globalThis.WebSocket === undefined) await loadDriver('neon', () => import('ws'));
  }
  const store = await openNeonStore({ connectionString: target.connectionString, ...ranking });
  return { kind: 'neon', store, close: () => store.close() };
}

/**
 * Open the memory store `target` names, migrations applied:
 *
 * | target | store |
 * | --- | --- |
 * | a folder (`./memory`, `/var/lib/app/memory`) | embedded PGlite in that folder, created when missing |
 * | `postgres://…` or `postgresql://…` | PostgreSQL through node-postgres |
 * | `postgres://…` on a host ending in `.neon.tech` (or with `neon: true`) | Neon through its serverless driver |
 * | `memory:` | the in-process store: nothing is kept after the process ends |
 *
 * Pass `process.env.SYMFONIC_DATABASE_URL` (see {@link openStoreFromEnvironment}).
 * Each driver is an optional peer dependency; a target whose driver is not
 * installed is refused with the packages to install. The store ranks with
 * the local n-gram embedder unless `options.embedder` says otherwise.
 *
 * @throws StoreTargetInvalid (an `InvalidMemoryInput`) for a missing or malformed target, or a missing driver.
 * @throws DataDirUnavailable (a `MemoryUnavailable`, from `@symfonic/store-drizzle/pglite`) when the folder cannot be opened (locked, not writable, not a PGlite folder).
 * @throws DatabaseUnavailable (a `MemoryUnavailable`, from `@symfonic/store-drizzle`) when the database does not exist, the server refuses the credentials or no server answers; its `databaseCode` keeps the PostgreSQL code.
 * @throws MemoryUnavailable when the database cannot be reached or migrated otherwise.
 */
export async function openStore(
  target: string | undefined,
  options: OpenStoreOptions = {},
): Promise<OpenedStore> {
  const read = readStoreTarget(target, options.neon === undefined ? {} : { neon: options.neon });
  const embedder =
    options.embedder === false ? undefined : (options.embedder ?? createLocalEmbedder());
  const ranking = {
    ...(embedder === undefined ? {} : { embedder }),
    ...(options.scanBudget === undefined ? {} : { scanBudget: options.scanBudget }),
    ...(options.fusionWeights === undefined ? {} : { fusionWeights: options.fusionWeights }),
  };
  const opened = await openTarget(
    read,
    ranking,
    options.connectTimeoutMs ?? defaultConnectTimeoutMs,
  );
  return { ...opened, where: read.where, embedder };
}

/**
 * {@link openStore} on the target `SYMFONIC_DATABASE_URL` holds in `environment`
 * (default `process.env`).
 *
 * @throws StoreTargetInvalid `missing` when the variable is unset or blank, saying to set it; everything `openStore` throws.
 */
export function openStoreFromEnvironment(
  options: OpenStoreOptions = {},
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Promise<OpenedStore> {
  return openStore(environment[databaseUrlVariable], options);
}
