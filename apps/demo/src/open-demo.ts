import { resolve } from 'node:path';
import type { EmbeddingProvider, MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { openStore } from '@symfonic/open-store';
import type { DrizzleMemoryStore } from '@symfonic/store-drizzle';

/** Where the demo keeps its memory. */
export interface DemoStorageOptions {
  /** PGlite's data directory (default `./.symfonic`), used when no database URL is given. */
  readonly dataDir?: string;
  /** Any `openStore` target (a `postgres://` URL, a Neon URL, `memory:`, a folder); overrides `dataDir`. */
  readonly databaseUrl?: string;
  /** Embeds memories and cues for the store and for recall (see `openDemoEmbedder`). */
  readonly embedder: EmbeddingProvider;
}

/** The composed demo: a store, the memory loop over it, and how to close both. */
export interface DemoMemory {
  readonly store: MemoryStore;
  /** The store again when it is a Drizzle one (its vectors can be backfilled); absent in memory. */
  readonly drizzle: DrizzleMemoryStore | undefined;
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
 * Compose the demo the way a team would: `openStore` on embedded PGlite (on
 * disk in `dataDir`) or on the target `databaseUrl` names (PostgreSQL, Neon,
 * `memory:`), the chosen embedder, and `@symfonic/memory` over them.
 *
 * @throws MemoryUnavailable when the database cannot be reached or opened.
 */
export async function openDemoMemory(options: DemoStorageOptions): Promise<DemoMemory> {
  const { embedder } = options;
  const opened = await openStore(options.databaseUrl ?? resolve(options.dataDir ?? '.symfonic'), {
    embedder,
  });
  const memory = createMemory({
    store: opened.store,
    embedder,
    working: { recentTurns: 6 },
    recall,
    telemetry: { storeKind: opened.kind },
  });
  return {
    store: opened.store,
    drizzle: opened.kind === 'memory' ? undefined : opened.store,
    memory,
    where: opened.where,
    close: () => opened.close(),
  };
}
