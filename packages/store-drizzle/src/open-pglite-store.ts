import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { EmbeddingProvider, FusionWeightsOption } from '@symfonic/core';
import { drizzle } from 'drizzle-orm/pglite';
import { createDrizzleStore } from './create-drizzle-store.js';
import type { DrizzleMemoryStore } from './drizzle-memory-store.js';
import { toMemoryUnavailable } from './to-memory-unavailable.js';

/** Options of {@link openPGliteStore}. */
export interface PGliteStoreOptions {
  /** A directory to keep the database in; in memory (gone on close) when absent. */
  readonly dataDir?: string;
  /** Embeds memory texts and cues; PGlite carries pgvector, so with one the store ranks by vectors too. */
  readonly embedder?: EmbeddingProvider;
  /** Most rows `scanCandidates` ranks per list; 500 by default. */
  readonly scanBudget?: number;
  /**
   * The weight of each ranking's vote when full-text and vector rankings are
   * fused (a row at position p of a list earns weight / (10 + p));
   * `{ lexical: 1, vector: 1 }` by default. A zero `vector` weight ranks by
   * full text alone (the cue is not embedded); a zero `lexical` weight ranks
   * by vectors alone, and by full text, with the degradation that says why,
   * when there is no cue vector (no pgvector, or the embedder failed).
   */
  readonly fusionWeights?: FusionWeightsOption;
}

/**
 * Open a memory store on embedded PGlite (PostgreSQL in WebAssembly, in this
 * process, with pgvector): no server and no set-up. On disk in `dataDir`
 * when given, in memory otherwise. Starting PGlite takes a few seconds, so
 * open one store and share it. `close()` closes PGlite.
 *
 * @throws InvalidMemoryInput when the embedder, `scanBudget` or `fusionWeights` is unusable.
 * @throws MemoryUnavailable when PGlite cannot start (e.g. `dataDir` is not writable) or migrate.
 */
export async function openPGliteStore(
  options: PGliteStoreOptions = {},
): Promise<DrizzleMemoryStore> {
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      extensions: { vector },
    });
  } catch (error) {
    throw toMemoryUnavailable(error, 'start PGlite');
  }
  try {
    return await createDrizzleStore({
      db: drizzle({ client }),
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...(options.scanBudget === undefined ? {} : { scanBudget: options.scanBudget }),
      ...(options.fusionWeights === undefined ? {} : { fusionWeights: options.fusionWeights }),
      onClose: () => client.close(),
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
