import {
  type AcceptedOp,
  type BackendListOptions,
  BackendRanking,
  type ChangePosition,
  type ConversationTurn,
  type Degradation,
  DegradationCode,
  type ExclusiveRestore,
  type FeedRead,
  type FeedTurn,
  type ForgetResult,
  type MemoryChange,
  type MemoryPage,
  type MemoryRecord,
  type MemoryScope,
  type MemoryVersion,
  type Provenance,
  type RankedCandidates,
  type RankRequest,
  type RestoreEntries,
  type RestoreResult,
  type ScopeSummary,
  type StoreBackend,
  type TextVectors,
  type TurnPosition,
  type ValidTurn,
  type WrittenOps,
} from '@symfonic/core';
import { CallerFailure } from './database/caller-failure.js';
import { toMemoryUnavailable } from './database/to-memory-unavailable.js';
import type { DrizzleStoreSettings } from './drizzle-store-settings.js';
import { selectChanges } from './feed/select-changes.js';
import { selectScopes } from './feed/select-scopes.js';
import { selectTurns } from './feed/select-turns.js';
import { memoryRecordOf } from './rows/memory-record-of.js';
import { selectDeletedIds } from './rows/select-deleted-ids.js';
import { selectHistory } from './rows/select-history.js';
import { selectMemory } from './rows/select-memory.js';
import { selectMemoryPage } from './rows/select-memory-page.js';
import { selectRecentTurns } from './rows/select-recent-turns.js';
import { pinnedFromIndex } from './search/pinned-from-index.js';
import { rankCandidates } from './search/rank-candidates.js';
import { selectPinned } from './search/select-pinned.js';
import { appendTurn } from './writes/append-turn.js';
import { applyMemoryOps } from './writes/apply-memory-ops.js';
import { openExclusiveRestore } from './writes/exclusive-restore.js';
import { forgetScope } from './writes/forget-scope.js';
import { restoreEntries } from './writes/restore-entries.js';
import { retryLostRace } from './writes/retry-lost-race.js';
import { unstorableText } from './writes/unstorable-text.js';

/** What a retrieval on a database without pgvector reports. */
const withoutPgvector: Degradation = {
  code: DegradationCode.noVectorIndex,
  detail: 'this database has no pgvector extension: ranking was lexical only',
};

/**
 * The Drizzle store as a backend of core's store kit (`StoreBackend`): each
 * call reads or writes PostgreSQL for input the kit validated (scopes
 * parsed, ops checked, limits in range, vectors checked) and answers rows the
 * kit checks for visibility. It stores and finds; the rules every store owes
 * wrap it (`DefinedStore`, which `DrizzleMemoryStore` extends).
 *
 * Visibility is a SQL predicate on indexed columns in every statement that
 * reads or writes rows for a scope. Writes of memories go through the pinned
 * cache when the store keeps one, and tell the planner statistics how many
 * rows they changed; an apply or a restore that loses a race to a
 * concurrent writer is run again (`retryLostRace`).
 */
export class DrizzleStoreBackend extends BackendRanking implements StoreBackend {
  /** Named in the kit's messages: `the memory store is closed: it cannot …`. */
  readonly kind = 'memory store';
  readonly #settings: DrizzleStoreSettings;

  /** Written texts get vectors when an embedder was given and pgvector is installed (a vector index). */
  constructor(settings: DrizzleStoreSettings) {
    super({
      embedder: settings.embedder,
      vectorsAvailable: settings.vectorIndex !== undefined,
      weights: settings.fusionWeights,
      scanBudget: settings.scanBudget,
    });
    this.#settings = settings;
  }

  /** `no-vector-index` in every retrieval of a database without pgvector. */
  get standingDegradations(): readonly Degradation[] {
    return this.#settings.pgvector ? [] : [withoutPgvector];
  }

  /** Why PostgreSQL cannot keep `value` exactly (U+0000, a lone surrogate, a leading U+FEFF), or `undefined`. */
  unstorable(value: unknown): string | undefined {
    return unstorableText(value);
  }

  /**
   * `MemoryUnavailable` for a failure of the database (the driver's error as
   * cause, never SQL or parameters in the message); the caller's own error
   * for a `CallerFailure` (its callback or abort).
   */
  translateError(error: unknown, operation: string): unknown {
    if (error instanceof CallerFailure) return error.error;
    return toMemoryUnavailable(error, operation);
  }

  /** Log `turn` (`appendTurn`), and place it in the kept recent turns when the store keeps them. */
  async appendTurn(scope: MemoryScope, turn: ValidTurn): Promise<ConversationTurn> {
    const { database, recentTurnsCache } = this.#settings;
    const append = () => appendTurn(database, scope, turn);
    return recentTurnsCache ? recentTurnsCache.append(scope, append) : (await append()).turn;
  }

  /**
   * The last `limit` turns at `scope` (`selectRecentTurns`), kept in process
   * and brought up to date by the store's appends when it is its database's
   * only writer (`recentTurnsCache`).
   */
  recentTurns(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]> {
    const { database, recentTurnsCache } = this.#settings;
    const load = (depth: number) => selectRecentTurns(database, scope, depth);
    return recentTurnsCache ? recentTurnsCache.read(scope, limit, load) : load(limit);
  }

  /**
   * Write `ops` at `scope` in one transaction (`applyMemoryOps`), with the
   * vector of every add and update text when the store ranks by vectors.
   * Rejects `unknown-id` (also for another scope's id) and `duplicate`
   * (naming the memory holding the text). A transaction that loses a race
   * (unique violation, serialization failure, deadlock) is run again, up to
   * five times in all (`retryLostRace`).
   *
   * @throws ScopeViolation when the database answers a written row at another scope; nothing was written.
   */
  writeOps(
    scope: MemoryScope,
    ops: readonly AcceptedOp[],
    provenance: Provenance,
    vectors: TextVectors | undefined,
  ): Promise<WrittenOps> {
    const { database, statistics, vectorIndex } = this.#settings;
    return this.#write(
      async () => {
        const outcome = await retryLostRace(database, (transaction) =>
          applyMemoryOps(transaction, ops, {
            scope,
            provenance,
            now: new Date(),
            ...(vectors && vectorIndex ? { vectors: { index: vectorIndex, byText: vectors } } : {}),
          }),
        );
        statistics.noteChanges(outcome.applied.length);
        return outcome;
      },
      (outcome) => outcome.applied.map((applied) => applied.record.id),
    );
  }

  rankCandidates(request: RankRequest): Promise<RankedCandidates> {
    return rankCandidates(this.#settings, request);
  }

  /**
   * Read through the partial indexes of salient semantic memories
   * (`selectPinned`), kept in process until the store's next write when it
   * is its database's only writer (`pinnedCache`); such a store reads
   * them from its read index instead, when loaded and no write runs
   * (`pinnedFromIndex`), with no statement.
   */
  async pinned(
    scope: MemoryScope,
    minSalience: number,
    limit: number,
  ): Promise<readonly MemoryRecord[]> {
    const { readIndex, pinnedCache: cache } = this.#settings;
    const load = async () =>
      (readIndex && pinnedFromIndex(readIndex, scope, minSalience, limit)) ??
      selectPinned(this.#settings.database, scope, minSalience, limit);
    const rows = await (cache ? cache.read(scope, minSalience, limit, load) : load());
    return rows.map(memoryRecordOf);
  }

  get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined> {
    return selectMemory(this.#settings.database, scope, id);
  }

  list(scope: MemoryScope, options: BackendListOptions): Promise<MemoryPage> {
    return selectMemoryPage(this.#settings.database, scope, options);
  }

  listDeleted(
    scope: MemoryScope,
    cursor: string | undefined,
    limit: number,
  ): Promise<readonly string[]> {
    return selectDeletedIds(this.#settings.database, scope, cursor, limit + 1);
  }

  history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]> {
    return selectHistory(this.#settings.database, scope, id);
  }

  /** Read through the `memory_versions_feed` index, after analyzing `memories` when due. */
  async changes(
    scope: MemoryScope,
    read: FeedRead<ChangePosition>,
  ): Promise<readonly MemoryChange[]> {
    await this.#settings.statistics.refresh();
    return selectChanges(this.#settings.database, scope, read.after, read.limit + 1);
  }

  scopes(scope: MemoryScope, read: FeedRead<MemoryScope>): Promise<readonly ScopeSummary[]> {
    return selectScopes(this.#settings.database, scope, read.after, read.limit + 1);
  }

  turns(scope: MemoryScope, read: FeedRead<TurnPosition>): Promise<readonly FeedTurn[]> {
    return selectTurns(this.#settings.database, scope, read.after, read.limit + 1);
  }

  /**
   * Write `entries` back in one transaction (`restoreEntries`), with the
   * vectors of live texts when the store ranks by vectors, run again when it
   * loses a race to a concurrent writer (`retryLostRace`). An entry
   * PostgreSQL cannot keep exactly (U+0000, a lone surrogate, a leading
   * U+FEFF) is refused as `unstorable`.
   */
  restore(
    _scope: MemoryScope,
    entries: RestoreEntries,
    vectors: TextVectors | undefined,
  ): Promise<RestoreResult> {
    const { database, statistics, vectorIndex } = this.#settings;
    return this.#write(
      async () => {
        await statistics.refreshForBulkWrite();
        const written = await retryLostRace(database, (transaction) =>
          restoreEntries(
            transaction,
            entries,
            vectors && vectorIndex ? { vectors: { index: vectorIndex, byText: vectors } } : {},
          ),
        );
        statistics.noteChanges(written.changedMemories);
        return { memories: written.memories, turns: written.turns };
      },
      () => entries.memories.map((memory) => memory.id),
      true,
    );
  }

  /**
   * Refuse when the database holds rows outside `scope`, else drop the GIN
   * indexes of the store's tables until the session's `end` builds them
   * again, once, from their migrations' definitions (`openExclusiveRestore`).
   */
  openExclusiveRestore(scope: MemoryScope): Promise<ExclusiveRestore> {
    return openExclusiveRestore(this.#settings.database, scope);
  }

  /** Erase `scope` and its subtree in one snapshot (`forgetScope`). */
  async forget(scope: MemoryScope): Promise<ForgetResult> {
    const forgotten = await this.#write(
      () => forgetScope(this.#settings.database, scope),
      (erased) => erased.liveIds,
      true,
    );
    this.#settings.statistics.noteChanges(forgotten.liveRows);
    return { memories: forgotten.memories, turns: forgotten.turns };
  }

  /** Run the opener's release (ending a pool it created, closing PGlite). */
  async close(): Promise<void> {
    await this.#settings.onClose?.();
  }

  /**
   * Run a write of memories: through the pinned cache and the read index,
   * when the store keeps them; `touched` names, from the write's result, the
   * memories it may have added, changed or erased, which the index reads
   * again. A write that may also add or erase turns (`turnsToo`) runs
   * through the kept recent turns as well.
   */
  #write<Result>(
    action: () => Promise<Result>,
    touched: (result: Result) => Iterable<string>,
    turnsToo = false,
  ): Promise<Result> {
    const { pinnedCache, readIndex, recentTurnsCache } = this.#settings;
    const indexed = readIndex ? () => readIndex.write(action, touched) : action;
    const pinned = pinnedCache ? () => pinnedCache.write(indexed) : indexed;
    return turnsToo && recentTurnsCache ? recentTurnsCache.write(pinned) : pinned();
  }
}
