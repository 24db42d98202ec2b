import { InvalidMemoryInput, resolveFusionWeights } from '@symfonic/core';
import { DatabaseUnavailable } from './database/database-unavailable.js';
import { buildDeferredIndexes } from './database/deferred-indexes.js';
import { migrateStore } from './database/migrate-store.js';
import { PlannerStatistics } from './database/planner-statistics.js';
import type { StoreDatabase } from './database/store-database.js';
import { toMemoryUnavailable } from './database/to-memory-unavailable.js';
import { DrizzleMemoryStore } from './drizzle-memory-store.js';
import type { RankingOptions } from './ranking-options.js';
import { PinnedCache } from './search/pinned-cache.js';
import type { TsvectorText } from './search/read-cue-words.js';
import { ReadIndex } from './search/read-index.js';
import { RecentTurnsCache } from './search/recent-turns-cache.js';
import { VectorScopeEstimates } from './search/vector-scope-estimates.js';
import { detectPgvector } from './vectors/detect-pgvector.js';
import { ensureVectorIndex } from './vectors/ensure-vector-index.js';
import { vectorIndex } from './vectors/vector-index.js';

/** pgvector's `vector` type holds at most this many dimensions. */
const vectorDimensionLimit = 16_000;

/** Options of {@link createDrizzleStore}. */
export interface DrizzleStoreOptions extends RankingOptions {
  /** A drizzle database over PostgreSQL: `drizzle-orm/pglite`, `drizzle-orm/node-postgres`, `drizzle-orm/neon-serverless`, … */
  readonly db: StoreDatabase;
  /** Apply the store's migrations on open (default `true`); turn off only when they run elsewhere. */
  readonly migrate?: boolean;
  /** Runs once on the store's first `close()`, e.g. to end a pool the caller made for the store. */
  readonly onClose?: () => Promise<void>;
}

/**
 * Open a memory store over `options.db`: apply the store's migrations
 * (idempotent and safe to run from concurrent processes), build the GIN
 * indexes an exclusive restore that never ended left missing, detect pgvector,
 * with an embedder where pgvector is installed create the HNSW index of the
 * embedder's model and dimension. Whether `memories` has planner statistics
 * is read at the first retrieval, not at open (if not, that retrieval
 * analyzes it). The store never closes `db` itself; pass `onClose` for that.
 *
 * @throws InvalidMemoryInput when the embedder's dimension or model is unusable, `scanBudget` is not a positive whole number, or `fusionWeights` are refused by `resolveFusionWeights`.
 * @throws DatabaseUnavailable (a `MemoryUnavailable`) when the database does not exist, refuses the credentials or its host does not answer.
 * @throws MemoryUnavailable when the database cannot be reached or migrated otherwise.
 */
export function createDrizzleStore(options: DrizzleStoreOptions): Promise<DrizzleMemoryStore> {
  return openDrizzleStore(options, { soleWriter: false });
}

/** What only the package's own openers know of the database they hand to {@link openDrizzleStore}. */
export interface StoreOwnership {
  /**
   * The opener started the database itself and no other connection reaches
   * it (PGlite): the store may keep pinned facts and a read index of its
   * memories in process, in step with its own writes.
   */
  readonly soleWriter: boolean;
  /**
   * For a sole writer: the driver's own way to read a cue piece's words,
   * cheaper than a statement through drizzle (see `TsvectorText`); without
   * it, the words are read through `options.db`.
   */
  readonly tsvectorText?: TsvectorText;
}

/** {@link createDrizzleStore}, for an opener that may also say the store is its database's only writer. */
export async function openDrizzleStore(
  options: DrizzleStoreOptions,
  ownership: StoreOwnership,
): Promise<DrizzleMemoryStore> {
  const { db: database, embedder } = options;
  const scanBudget = options.scanBudget ?? 500;
  if (!Number.isInteger(scanBudget) || scanBudget < 1) {
    throw new InvalidMemoryInput('invalid store options: scanBudget is a whole number, 1 or more');
  }
  const fusionWeights = resolveFusionWeights(options.fusionWeights, embedder);
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
    await buildDeferredIndexes(database);
    const pgvector = await detectPgvector(database);
    const index =
      embedder && pgvector ? vectorIndex(embedder.model, embedder.dimensions) : undefined;
    if (index) await ensureVectorIndex(database, index);
    return new DrizzleMemoryStore({
      database,
      pgvector,
      scanBudget,
      fusionWeights,
      statistics: PlannerStatistics.deferred(database),
      ...(embedder ? { embedder } : {}),
      ...(index ? { vectorIndex: index, vectorEstimates: new VectorScopeEstimates() } : {}),
      ...(options.onClose ? { onClose: options.onClose } : {}),
      ...(ownership.soleWriter
        ? {
            pinnedCache: new PinnedCache(),
            readIndex: new ReadIndex(database, index),
            recentTurnsCache: new RecentTurnsCache(),
            ...(ownership.tsvectorText ? { tsvectorText: ownership.tsvectorText } : {}),
          }
        : {}),
    });
  } catch (error) {
    throw DatabaseUnavailable.fromOpenFailure(error) ?? toMemoryUnavailable(error, 'open');
  }
}
