import type { FeedOptions } from '../feed/feed-options.js';
import type { TurnPage } from '../feed/logged-turn.js';
import type { ChangePage } from '../feed/memory-change.js';
import type { RestoreBatch, RestoreResult } from '../feed/restore-batch.js';
import type { ScopePage } from '../feed/scope-summary.js';
import type { MemoryLayer } from '../memory-layer.js';
import type { MemoryRecord } from '../memory-record.js';
import type { MemoryScope } from '../memory-scope.js';
import type { MemoryVersion } from '../memory-version.js';
import type { CandidateSource } from './candidate-source.js';
import type { ConversationLog } from './conversation-log.js';
import type { ConversationSource } from './conversation-source.js';
import type { MemoryRetrievalPort } from './memory-retrieval-port.js';
import type { MemoryWriter } from './memory-writer.js';
import type { PinnedMemorySource } from './pinned-memory-source.js';

/** Options of {@link MemoryStore.list}. */
export interface ListOptions {
  readonly layer?: MemoryLayer;
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string;
  /** Page size; stores document their default and maximum. */
  readonly limit?: number;
}

/** One page of {@link MemoryStore.list}. */
export interface MemoryPage {
  readonly records: readonly MemoryRecord[];
  /** Absent on the last page. */
  readonly nextCursor?: string;
}

/** Options of {@link MemoryStore.listDeleted}, as `listDeletedOptionsSchema` validates them. */
export interface ListDeletedOptions {
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string;
  /** Page size: 1 to `Limits.queryLimit`, 100 when left out. */
  readonly limit?: number;
}

/** One page of {@link MemoryStore.listDeleted}. */
export interface DeletedPage {
  /** Ids of deleted memories; `history` gives each one's versions, its tombstone last. */
  readonly ids: readonly string[];
  /** Absent on the last page. */
  readonly nextCursor?: string;
}

/**
 * A restore session opened by {@link MemoryStore.openExclusiveRestore}: the
 * store may keep its database in a state only a sole writer may see (indexes
 * dropped) until {@link ExclusiveRestore.end} puts it back.
 */
export interface ExclusiveRestore {
  /**
   * Put the database back as the store keeps it (build what the session
   * dropped), whether the restores succeeded or not. Idempotent.
   *
   * @throws MemoryUnavailable when the store cannot be reached; a store opened later builds what is missing.
   */
  end(): Promise<void>;
}

/** What {@link MemoryStore.forget} erased. */
export interface ForgetResult {
  readonly memories: number;
  readonly turns: number;
}

/**
 * A store: every storage port of core in one object, plus inspection and
 * erasure. Ids are not capabilities: another scope's id behaves exactly like
 * an unknown id everywhere.
 */
export interface MemoryStore
  extends ConversationLog,
    ConversationSource,
    MemoryWriter,
    MemoryRetrievalPort,
    CandidateSource,
    PinnedMemorySource {
  /**
   * The live memory with `id` if it is visible to `scope`, else `undefined`.
   *
   * @throws InvalidMemoryInput for a malformed scope or id (see `memoryIdSchema`), on every store alike.
   */
  get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined>;
  /** Live memories visible to `scope`, oldest first, in stable pages. */
  list(scope: MemoryScope, options?: ListOptions): Promise<MemoryPage>;
  /**
   * The ids of the memories deleted at exactly `scope` (not at a scope above
   * or below it), by id, in stable pages: what lets a caller that wrote
   * memories there learn, through `history`, which of them were deleted
   * since (an importer must not bring them back). A memory erased by
   * `forget` leaves no id.
   *
   * @throws InvalidMemoryInput for a malformed scope, cursor or limit, on every store alike.
   */
  listDeleted(scope: MemoryScope, options?: ListDeletedOptions): Promise<DeletedPage>;
  /**
   * Every version of a memory visible to `scope`, oldest first; `[]` for an unknown or foreign id.
   *
   * @throws InvalidMemoryInput for a malformed scope or id (see `memoryIdSchema`), on every store alike.
   */
  history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]>;
  /**
   * The change feed: every version of every memory visible to `scope` (at
   * it, above it or below it, as `history` sees them), deletions included,
   * in one stable order: by time, then memory id (code point by code point),
   * then version (see `compareChanges`). The order depends on the data
   * only, so a restored copy answers the same feed. A page holds at most
   * `options.limit` changes; `nextCursor`, passed back as `after`, reads on
   * after the last change of the page. A change written later at an earlier
   * time than a cursor's (a writer whose clock lags) lands before it.
   *
   * @throws InvalidMemoryInput for a malformed scope, limit or cursor (a cursor this store kind did not issue).
   * @throws ScopeViolation when the backend answered a row not visible to the scope.
   * @throws MemoryUnavailable when the backend cannot be reached.
   */
  changes(scope: MemoryScope, options?: FeedOptions): Promise<ChangePage>;
  /**
   * The scopes at or below `scope` that hold a memory (live or deleted) or
   * a turn, with what each holds at exactly that scope and its last
   * activity, in scope order (see `compareScopes`), in pages of at most
   * `options.limit`. Below a user scope, these are the user's conversations.
   *
   * @throws InvalidMemoryInput for a malformed scope, limit or cursor.
   * @throws ScopeViolation when the backend answered a scope outside `scope`.
   * @throws MemoryUnavailable when the backend cannot be reached.
   */
  scopes(scope: MemoryScope, options?: FeedOptions): Promise<ScopePage>;
  /**
   * Every turn logged at or below `scope`, with its scope and the time it
   * was logged: by scope (see `compareScopes`), then turn number, then the
   * order they were logged in, in pages of at most `options.limit`.
   *
   * @throws InvalidMemoryInput for a malformed scope, limit or cursor.
   * @throws ScopeViolation when the backend answered a turn outside `scope`.
   * @throws MemoryUnavailable when the backend cannot be reached.
   */
  turns(scope: MemoryScope, options?: FeedOptions): Promise<TurnPage>;
  /**
   * Write memories with their whole history and turns back exactly as
   * another store answered them (same ids, versions, times, provenance):
   * the write path of a restore, never of a model. Each entry ends up
   * `imported`, `present` (the store holds exactly this already, so a
   * restore can be run again) or `refused` with a reason (an id taken by a
   * different memory or turn; a different live memory with the same text at
   * the same scope and layer). A memory whose stored history is the start
   * of the restored one gets the versions it lacks (`imported`). The
   * imported entries land together or not at all; memories keep the order
   * of the batch in `list`. A live memory is embedded as `apply` would.
   *
   * @throws InvalidMemoryInput when the batch is malformed (see `restoreBatchSchema`); nothing is written.
   * @throws ScopeViolation when an entry's scope is not at or below `scope`; nothing is written.
   * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
   */
  restore(scope: MemoryScope, batch: RestoreBatch): Promise<RestoreResult>;
  /**
   * Start restoring into a database nothing else uses meanwhile (a new
   * database, a maintenance window): a store may then write faster than it
   * can beside other tenants (the PostgreSQL store builds its GIN indexes
   * once at the end instead of row by row). `restore` calls made until
   * `end()` answer exactly as without the session. A store without such a
   * mode answers a session that changes nothing.
   *
   * @throws ExclusiveRestoreRefused when the store holds rows outside `scope`: it cannot know the database is the restore's own; nothing is changed.
   * @throws InvalidMemoryInput when `scope` is malformed.
   * @throws MemoryUnavailable when the store cannot be reached.
   */
  openExclusiveRestore?(scope: MemoryScope): Promise<ExclusiveRestore>;
  /** Erase `scope` and everything below it (memories, history, turns); nothing else changes. */
  forget(scope: MemoryScope): Promise<ForgetResult>;
  /** Release the backend; every later call throws `MemoryUnavailable`. */
  close(): Promise<void>;
}
