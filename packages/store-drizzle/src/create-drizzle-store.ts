import {
  type EmbeddingProvider,
  type FusionWeightsOption,
  InvalidMemoryInput,
  resolveFusionWeights,
} from '@symfonic/core';
import { detectPgvector } from './detect-pgvector.js';
import { DrizzleMemoryStore } from './drizzle-memory-store.js';
import { ensureVectorIndex } from './ensure-vector-index.js';
import { migrateStore } from './migrate-store.js';
import { PlannerStatistics } from './planner-statistics.js';
import type { StoreDatabase } from './store-database.js';
import { toMemoryUnavailable } from './to-memory-unavailable.js';
import { vectorIndex } from './vector-index.js';

/** pgvector's `vector` type holds at most this many dimensions. */
const vectorDimensionLimit = 16_000;

/** Options of {@link createDrizzleStore}. */
export interface DrizzleStoreOptions {
  /** A drizzle database over PostgreSQL: `drizzle-orm/pglite`, `drizzle-orm/node-postgres`, `drizzle-orm/neon-serverless`, … */
  readonly db: StoreDatabase;
  /**
   * Embeds memory texts and cues. Used only where pgvector is installed; a
   * store without it ranks lexically and says so in every result.
   */
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
  /** Apply the store's migrations on open (default `true`); turn off only when they run elsewhere. */
  readonly migrate?: boolean;
  /** Runs once on the store's first `close()`, e.g. to end a pool the caller made for the store. */
  readonly onClose?: () => Promise<void>;
}

/**
 * Open a memory store over `options.db`: apply the store's migrations
 * (idempotent and safe to run from concurrent processes), detect pgvector,
 * with an embedder where pgvector is installed create the HNSW index of the
 * embedder's model and dimension, and read whether `memories` has planner
 * statistics (if not, the first retrieval analyzes it). The store never
 * closes `db` itself; pass `onClose` for that.
 *
 * @throws InvalidMemoryInput when the embedder's dimension or model is unusable, `scanBudget` is not a positive whole number, or `fusionWeights` are refused by `resolveFusionWeights`.
 * @throws MemoryUnavailable when the database cannot be reached or migrated.
 */
export async function createDrizzleStore(
  options: DrizzleStoreOptions,
): Promise<DrizzleMemoryStore> {
  const { db: database, embedder } = options;
  const scanBudget = options.scanBudget ?? 500;
  if (!Number.isInteger(scanBudget) || scanBudget < 1) {
    throw new InvalidMemoryInput('invalid store options: scanBudget is a whole number, 1 or more');
  }
  const fusionWeights = resolveFusionWeights(options.fusionWeights, embedder !== undefined);
  if (
    embedder &&
    (!Number.isInteger(embedder.dimensions) ||
      embedder.dimensions < 1 ||
      embedder.dimensions > vectorDimensionLimit ||
      typeof embedder.model !== 'string' ||
      embedder.model.length === 0)
  ) {
    throw new InvalidMemoryInput(
      `invalid embedder: it needs a model name and from 1 to ${vectorDimensionLimit} dimensions`,
    );
  }
  try {
    if (options.migrate !== false) await migrateStore(database);
    const pgvector = await detectPgvector(database);
    const index =
      embedder && pgvector ? vectorIndex(embedder.model, embedder.dimensions) : undefined;
    if (index) await ensureVectorIndex(database, index);
    return new DrizzleMemoryStore({
      database,
      pgvector,
      scanBudget,
      fusionWeights,
      statistics: await PlannerStatistics.read(database),
      ...(embedder ? { embedder } : {}),
      ...(index ? { vectorIndex: index } : {}),
      ...(options.onClose ? { onClose: options.onClose } : {}),
    });
  } catch (error) {
    throw toMemoryUnavailable(error, 'open');
  }
}
