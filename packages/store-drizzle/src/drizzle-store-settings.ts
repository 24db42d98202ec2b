import type { EmbeddingProvider, FusionWeights } from '@symfonic/core';
import type { PlannerStatistics } from './database/planner-statistics.js';
import type { StoreDatabase } from './database/store-database.js';
import type { PinnedCache } from './search/pinned-cache.js';
import type { TsvectorText } from './search/read-cue-words.js';
import type { ReadIndex } from './search/read-index.js';
import type { RecentTurnsCache } from './search/recent-turns-cache.js';
import type { VectorScopeEstimates } from './search/vector-scope-estimates.js';
import type { PgvectorSupport } from './vectors/detect-pgvector.js';
import type { VectorIndex } from './vectors/vector-index.js';

/** How the store ranks, decided when it was opened. */
export interface DrizzleStoreSettings {
  readonly database: StoreDatabase;
  /** The embedder, when the store was opened with one. */
  readonly embedder?: EmbeddingProvider;
  /** The model's vector index, when the store was opened with an embedder and pgvector is installed. */
  readonly vectorIndex?: VectorIndex;
  /** pgvector as installed in the database, `undefined` without it. */
  readonly pgvector: PgvectorSupport | undefined;
  /** Most rows `scanCandidates` ranks (and the ceiling of `retrieve`'s window). */
  readonly scanBudget: number;
  /** Each ranking's vote in the fusion (see `DrizzleStoreOptions.fusionWeights`). */
  readonly fusionWeights: FusionWeights;
  /** The planner's estimates of each scope's vectors, kept for a while (see `VectorScopeEstimates`). */
  readonly vectorEstimates?: VectorScopeEstimates;
  /** Told of every row this store changes; analyzes `memories` before a retrieval when due. */
  readonly statistics: PlannerStatistics;
  /** Runs once, on the first `close()`: releases what the store's opener acquired. */
  readonly onClose?: () => Promise<void>;
  /**
   * Present when this store is its database's only writer (its opener
   * started the database and no other connection reaches it): pinned facts
   * are then kept between the store's writes. Never for a server.
   */
  readonly pinnedCache?: PinnedCache;
  /**
   * Present when this store is its database's only writer: the live
   * memories kept in process in step with the store's writes, which
   * rankings read instead of running the full-text statements. Never for a server.
   */
  readonly readIndex?: ReadIndex;
  /**
   * How the read index's rankings read a cue's words (see `readCueWords`):
   * the opener's own driver call when it gave one, else through `database`.
   */
  readonly tsvectorText?: TsvectorText;
  /**
   * Present when this store is its database's only writer: each scope's
   * last turns as read, kept in step with the store's appends, restores and
   * forgets. Never for a server.
   */
  readonly recentTurnsCache?: RecentTurnsCache;
}
