import type { z } from 'zod';
import type { AppliedOp, RejectedOp } from '../apply-result.js';
import type { ConversationTurn, conversationTurnInputSchema } from '../conversation-turn.js';
import type { ChangePosition } from '../feed/compare-changes.js';
import type { TurnPosition } from '../feed/feed-cursor.js';
import type { LoggedTurn } from '../feed/logged-turn.js';
import type { MemoryChange } from '../feed/memory-change.js';
import type { RestoreResult, restoreBatchSchema } from '../feed/restore-batch.js';
import type { ScopeSummary } from '../feed/scope-summary.js';
import type { MemoryLayer } from '../memory-layer.js';
import type { MemoryOp } from '../memory-op.js';
import type { MemoryQuery } from '../memory-query.js';
import type { MemoryRecord, ScoredMemory } from '../memory-record.js';
import type { MemoryScope } from '../memory-scope.js';
import type { MemoryVersion } from '../memory-version.js';
import type { EmbeddingProvider } from '../ports/embedding-provider.js';
import type { ExclusiveRestore, ForgetResult, MemoryPage } from '../ports/memory-store.js';
import type { Provenance } from '../provenance.js';
import type { Degradation } from '../retrieval-result.js';

/** Vectors of texts, by text, each checked by the kit (one finite vector of the model's length). */
export type TextVectors = ReadonlyMap<string, Float32Array>;

/** An op the kit validated, with its position in the caller's list. */
export interface AcceptedOp {
  /** The op's position in the list passed to `apply`. */
  readonly index: number;
  readonly op: MemoryOp;
}

/** What {@link StoreBackend.writeOps} did: the kit merges its own rejections and sorts by index. */
export interface WrittenOps {
  readonly applied: readonly AppliedOp[];
  readonly rejected: readonly RejectedOp[];
}

/** One ranking asked of {@link StoreBackend.rankCandidates}. */
export interface RankRequest {
  /** The parsed query (its scope already checked); its cue is not blank. */
  readonly query: MemoryQuery;
  /** Most rows each ranking (words, vectors) reads: the kit's `candidateWindow` or `scanWindow`. */
  readonly window: number;
  /** `retrieve` (true) or `scanCandidates` (false): whether a spent window weakens the answer. */
  readonly capped: boolean;
  /** The cue's vector when the kit embedded it; absent without an embedder or when it failed. */
  readonly cueVector?: Float32Array;
}

/** What {@link StoreBackend.rankCandidates} found, before the kit settles it. */
export interface RankedCandidates {
  /** Candidates, best first (the kit serves them in this order), each with its stored scope. */
  readonly candidates: readonly ScoredMemory[];
  /** The backend's own degradations (a spent budget, skipped words, missing vectors...). */
  readonly degradations: readonly Degradation[];
}

/** Validated options of {@link StoreBackend.list}. */
export interface BackendListOptions {
  readonly layer?: MemoryLayer;
  /** A cursor the backend issued: the backend decodes it, refusing one it did not issue. */
  readonly cursor?: string;
  /** 1 to `Limits.queryLimit`. */
  readonly limit: number;
}

/** Validated options of a feed read: at most `limit` rows are wanted; answer one more when there are. */
export interface FeedRead<Position> {
  readonly limit: number;
  /** Read after this position (decoded from the caller's cursor), from the start when absent. */
  readonly after?: Position;
}

/** A turn of the turn feed with its arrival number, which the kit encodes in the cursor. */
export interface FeedTurn {
  readonly turn: LoggedTurn;
  /** The order the turn was logged in among the turns of its scope and number. */
  readonly arrival: number;
}

/**
 * The narrow port a storage backend implements for {@link defineStore}. Every
 * input is validated before it arrives (scopes parsed, ops checked, limits in
 * range, the store open) and every vector checked; every answer is checked
 * on the way out (visibility, paging). A backend only stores and finds.
 *
 * Feed reads (`changes`, `scopes`, `turns`) answer up to `limit + 1` rows in
 * feed order: the kit pages them and issues the cursor.
 */
export interface StoreBackend {
  /** Named in messages: `the ${kind} is closed`. */
  readonly kind: string;
  /** Embeds memory texts and cues; absent, the kit reports `no-embedder` and passes no vectors. */
  readonly embedder?: EmbeddingProvider;
  /**
   * Whether the backend keeps vectors of written texts (and so takes a cue
   * vector): with an embedder, false only when the backend cannot (a
   * database without a vector extension).
   */
  readonly storesVectors: boolean;
  /** Whether a retrieval wants a cue vector (e.g. false when the vector ranking's weight is 0). */
  readonly embedsCue: boolean;
  /** Most rows one ranking reads: the ceiling of every candidate window. */
  readonly scanBudget: number;
  /** Degradations every retrieval reports (e.g. `no-vector-index`), after the kit's `no-embedder`. */
  readonly standingDegradations?: readonly Degradation[];

  /**
   * Why `value` (a parsed turn, provenance or op) cannot be stored exactly,
   * as a phrase ("holds U+0000"), or `undefined` when it can. The kit refuses
   * a turn or provenance whole and an op as `invalid-op`.
   */
  unstorable?(value: unknown): string | undefined;
  /**
   * The error to throw for a failure that is not already a Symfonic error
   * (a driver's): `MemoryUnavailable` with the failure as cause, typically.
   * Without it the kit wraps the failure in `MemoryUnavailable` itself.
   */
  translateError?(error: unknown, operation: string): unknown;
  /** A copy of a stored record that shares nothing mutable, for a backend that hands out its own. */
  detach?(record: MemoryRecord): MemoryRecord;

  /** Log `turn` at `scope` (see `ConversationLog.append`). */
  appendTurn(scope: MemoryScope, turn: ValidTurn): Promise<ConversationTurn>;
  /** The last `limit` (1 or more) turns at exactly `scope`, oldest first. */
  recentTurns(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]>;
  /**
   * Write the accepted ops at `scope`, all or nothing, rejecting those the
   * stored state refuses (`unknown-id`, `duplicate`). `vectors` holds the
   * vector of every add and update text when the store keeps vectors.
   */
  writeOps(
    scope: MemoryScope,
    ops: readonly AcceptedOp[],
    provenance: Provenance,
    vectors: TextVectors | undefined,
  ): Promise<WrittenOps>;
  /** Rank the memories visible to the query's scope, `window` rows per ranking at most. */
  rankCandidates(request: RankRequest): Promise<RankedCandidates>;
  /** Live semantic memories visible to `scope` with salience ≥ `minSalience`, newest first, at most `limit` (1 or more). */
  pinned(scope: MemoryScope, minSalience: number, limit: number): Promise<readonly MemoryRecord[]>;
  /** The live memory `id` if visible to `scope`. */
  get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined>;
  /** Live memories visible to `scope`, oldest first, one page. */
  list(scope: MemoryScope, options: BackendListOptions): Promise<MemoryPage>;
  /** Ids of memories deleted at exactly `scope`, by id, after `cursor`, at most `limit + 1`. */
  listDeleted(
    scope: MemoryScope,
    cursor: string | undefined,
    limit: number,
  ): Promise<readonly string[]>;
  /** Every version of memory `id` if visible to `scope`, oldest first. */
  history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]>;
  /** The change feed visible to `scope` (see `MemoryStore.changes`). */
  changes(scope: MemoryScope, read: FeedRead<ChangePosition>): Promise<readonly MemoryChange[]>;
  /** The scopes at or below `scope` (see `MemoryStore.scopes`). */
  scopes(scope: MemoryScope, read: FeedRead<MemoryScope>): Promise<readonly ScopeSummary[]>;
  /** The turns at or below `scope` (see `MemoryStore.turns`). */
  turns(scope: MemoryScope, read: FeedRead<TurnPosition>): Promise<readonly FeedTurn[]>;
  /**
   * Write restored entries back, every one at or below `scope`, all or
   * nothing (see `MemoryStore.restore`); `vectors` holds the vector of every
   * live restored text when the store keeps vectors.
   */
  restore(
    scope: MemoryScope,
    entries: RestoreEntries,
    vectors: TextVectors | undefined,
  ): Promise<RestoreResult>;
  /**
   * Start an exclusive restore at `scope` (see
   * `MemoryStore.openExclusiveRestore`), refusing with
   * `ExclusiveRestoreRefused` when the database holds rows outside it.
   * Absent: the kit answers a session that changes nothing.
   */
  openExclusiveRestore?(scope: MemoryScope): Promise<ExclusiveRestore>;
  /** Erase `scope` and everything below it. */
  forget(scope: MemoryScope): Promise<ForgetResult>;
  /** Release what the backend holds; called once. */
  close(): Promise<void>;
}

/** A conversation turn as `conversationTurnInputSchema` parses it (its speaker defaulted). */
export type ValidTurn = z.output<typeof conversationTurnInputSchema>;

/** A restore batch as `readRestoreBatch` validates it: every entry at or below the caller's scope. */
export type RestoreEntries = z.infer<typeof restoreBatchSchema>;
