import { resolve } from 'node:path';
import type { EmbeddingProvider } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import type { DrizzleMemoryStore } from '@symfonic/store-drizzle';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';

/** Where the demo keeps its memory. */
export interface DemoStorageOptions {
  /** PGlite's data directory (default `./.symfonic`), used when no database URL is given. */
  readonly dataDir?: string;
  /** A PostgreSQL or Neon connection string; overrides `dataDir`. */
  readonly databaseUrl?: string;
  /** Embeds memories and cues for the store and for recall (see `openDemoEmbedder`). */
  readonly embedder: EmbeddingProvider;
}

/** The composed demo: a store, the memory loop over it, and how to close both. */
export interface DemoMemory {
  readonly store: DrizzleMemoryStore;
  readonly memory: Memory;
  readonly where: string;
  close(): Promise<void>;
}

/** The demo's recall settings: eight memories at most, a month's half-life. */
const recall = {
  limit: 8,
  caps: { semantic: 1_200, episodic: 1_200, total: 2_000 },
  halfLifeDays: 30,
};

/**
 * Compose the demo the way a team would: the Drizzle store on embedded PGlite
 * (on disk in `dataDir`) or on PostgreSQL/Neon when a URL is given, the
 * chosen embedder, and `@symfonic/memory` over them.
 *
 * @throws MemoryUnavailable when the database cannot be reached or opened.
 */
export async function openDemoMemory(options: DemoStorageOptions): Promise<DemoMemory> {
  const { embedder } = options;
  const store = options.databaseUrl
    ? await openNodePostgresStore({ connectionString: options.databaseUrl, embedder })
    : await openPGliteStore({ dataDir: resolve(options.dataDir ?? '.symfonic'), embedder });
  const where = options.databaseUrl
    ? 'PostgreSQL'
    : `PGlite in ${resolve(options.dataDir ?? '.symfonic')}`;
  const memory = createMemory({ store, embedder, working: { recentTurns: 6 }, recall });
  return { store, memory, where, close: () => store.close() };
}
