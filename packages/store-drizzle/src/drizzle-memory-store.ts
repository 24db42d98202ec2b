import {
  type ApplyResult,
  type ChangePage,
  type ConversationTurn,
  type ConversationTurnInput,
  candidateWindow,
  conversationTurnInputSchema,
  type Degradation,
  DegradationCode,
  type DeletedPage,
  type FeedOptions,
  type ForgetResult,
  feedCursor,
  firstNonFinite,
  formatScope,
  InvalidMemoryInput,
  Limits,
  type ListDeletedOptions,
  type ListOptions,
  listDeletedOptionsSchema,
  type MemoryLayer,
  type MemoryOp,
  type MemoryPage,
  type MemoryQuery,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  MemoryUnavailable,
  type MemoryVersion,
  memoryIdSchema,
  memoryLayerSchema,
  memoryQuerySchema,
  type PinnedOptions,
  type Provenance,
  parseInput,
  pinnedOptionsSchema,
  provenanceSchema,
  type RejectedOp,
  RejectionCode,
  type RestoreBatch,
  type RestoreResult,
  type RetrievalResult,
  readFeedOptions,
  readRestoreBatch,
  requireOpList,
  requireVisible,
  requireWithin,
  type ScopePage,
  scanWindow,
  settleCandidates,
  storedLayerSchema,
  type TurnPage,
  toScope,
  validateMemoryOp,
} from '@symfonic/core';
import { DrizzleStoreBackend } from './drizzle-store-backend.js';
import type { DrizzleStoreSettings } from './drizzle-store-settings.js';
import {
  type EmbedMissingOptions,
  type EmbedMissingResult,
  embedMissing,
} from './vectors/embed-missing.js';
import { StoreWithoutVectors } from './vectors/store-without-vectors.js';

export type { DrizzleStoreSettings } from './drizzle-store-settings.js';

/** `list` answers this many records unless asked for fewer or more. */
const defaultListLimit = 100;

/** Validated {@link ListOptions}. */
interface ValidListOptions {
  readonly layer?: MemoryLayer;
  readonly cursor?: string;
  readonly limit: number;
}

/** Store kit: list options as core's `listOptionsSchema` validates them. */
function validListOptions(options: unknown): ValidListOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidMemoryInput('invalid list options: not an object');
  }
  const { layer, cursor, limit, ...unknown } = options as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length > 0) {
    throw new InvalidMemoryInput(`invalid list options: unknown option "${extra[0]}"`);
  }
  if (layer !== undefined && !memoryLayerSchema.safeParse(layer).success) {
    throw new InvalidMemoryInput('invalid list options: layer is not a memory layer');
  }
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw new InvalidMemoryInput('invalid list options: cursor is not one this store issued');
  }
  if (
    limit !== undefined &&
    (typeof limit !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > Limits.queryLimit)
  ) {
    throw new InvalidMemoryInput(
      `invalid list options: limit is a whole number from 1 to ${Limits.queryLimit}`,
    );
  }
  return {
    ...(layer === undefined ? {} : { layer: layer as MemoryLayer }),
    ...(cursor === undefined ? {} : { cursor }),
    limit: (limit as number | undefined) ?? defaultListLimit,
  };
}

/** Sorts applied or rejected ops by their position in the request. */
function byIndex(left: { index: number }, right: { index: number }): number {
  return left.index - right.index;
}

/**
 * The memory store on PostgreSQL through Drizzle: every port of core's
 * `MemoryStore`, for any pg-core database (PGlite, node-postgres, Neon).
 * Build one with `createDrizzleStore` (or a driver entry point), which
 * migrates the database first.
 *
 * Visibility is a SQL predicate on indexed columns in every statement that
 * reads or writes rows for a scope (the others read the catalog, analyze the
 * table, or, in `embedMissing`, embed every tenant's memories and answer no
 * rows); rows
 * coming back are checked again with core's `requireVisible` and a row that fails
 * is a `ScopeViolation`, never filtered. Every failure of the database
 * becomes `MemoryUnavailable` (the driver's error kept as `cause`), bad input
 * `InvalidMemoryInput`; after `close()` every call throws `MemoryUnavailable`.
 */
export class DrizzleMemoryStore implements MemoryStore {
  readonly #settings: DrizzleStoreSettings;
  readonly #backend: DrizzleStoreBackend;
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(settings: DrizzleStoreSettings) {
    this.#settings = settings;
    this.#backend = new DrizzleStoreBackend(settings);
  }

  /** Whether retrieval ranks by vectors: an embedder was given and pgvector is installed. */
  get vectors(): boolean {
    return this.#backend.storesVectors;
  }

  // Store kit (issue #28): from here to `embedMissing`, the rules every store
  // owes (the closed state, error translation, input parsing, the embedder's
  // batch check, candidate windows, the no-embedder / embedding-failed
  // degradations, settling and visibility checks). They move into core's
  // `defineStore`; the SQL they wrap is `DrizzleStoreBackend`.

  /**
   * Run `action` against the database, translating every failure that is not
   * already a Symfonic error into `MemoryUnavailable`; a `CallerFailure`
   * (the caller's own callback or abort) is rethrown as the caller's error.
   */
  async #run<Result>(operation: string, action: () => Promise<Result>): Promise<Result> {
    if (this.#closed) {
      throw new MemoryUnavailable(`the memory store is closed: it cannot ${operation}`);
    }
    try {
      return await action();
    } catch (error) {
      throw this.#backend.translateError(error, operation);
    }
  }

  /**
   * Log one turn at `scope`; a `turnId` already logged at that scope is a
   * no-op. A turn without a `turn` number gets one more than the highest
   * logged at the scope (0 for the first): the number is read and the row
   * written in one transaction holding an advisory lock on the scope, so
   * concurrent appends, from any process, never share a number.
   *
   * @returns the turn as logged (the first one, for a `turnId` already logged).
   * @throws InvalidMemoryInput when the scope or turn is malformed or holds text PostgreSQL cannot keep exactly.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  append(scope: MemoryScope, turn: ConversationTurnInput): Promise<ConversationTurn> {
    return this.#run('append a turn', async () => {
      const where = toScope(scope);
      const valid = parseInput(conversationTurnInputSchema, turn, 'conversation turn');
      this.#refuseUnstorable('conversation turn', valid);
      return this.#backend.appendTurn(where, valid);
    });
  }

  /**
   * The last `limit` turns logged at exactly `scope`, oldest first (by turn
   * number, then by arrival); `[]` for `limit` 0 or a scope with no turns.
   *
   * @throws InvalidMemoryInput for a malformed scope or a limit that is not a whole number ≥ 0.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  recent(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]> {
    return this.#run('read recent turns', async () => {
      const where = toScope(scope);
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
        throw new InvalidMemoryInput('invalid turn limit: a whole number, 0 or more');
      }
      if (limit === 0) return [];
      return this.#backend.recentTurns(where, limit);
    });
  }

  /**
   * Validate each op and write the valid ones at `scope` in one transaction.
   * Rejections: `invalid-op` (bad shape, or text PostgreSQL cannot keep
   * exactly), `text-too-long`, `unknown-id` (also for another scope's id),
   * `duplicate` (naming the memory holding the text). A transaction that
   * loses a race (unique violation, serialization failure, deadlock) is run
   * again, up to five times.
   *
   * @throws InvalidMemoryInput when the scope, provenance or op list is
   * malformed, or the list holds more than `Limits.opsPerApply` ops (256):
   * the whole call is refused and nothing is written.
   * @throws ScopeViolation when the database answers a written row at another scope; nothing was written.
   * @throws MemoryUnavailable when the database or the embedder cannot be
   * reached, or the store is closed; nothing was written.
   */
  apply(scope: MemoryScope, ops: readonly unknown[], provenance: Provenance): Promise<ApplyResult> {
    return this.#run('apply memory operations', async () => {
      const where = toScope(scope);
      const writer = parseInput(provenanceSchema, provenance, 'provenance');
      this.#refuseUnstorable('provenance', writer);
      const accepted: { index: number; op: MemoryOp }[] = [];
      const refused: RejectedOp[] = [];
      requireOpList(ops).forEach((input, index) => {
        const validation = validateMemoryOp(input);
        if (!validation.ok) {
          refused.push({ index, code: validation.code, reason: validation.reason });
          return;
        }
        const problem = this.#backend.unstorable(validation.op);
        if (problem) {
          refused.push({
            index,
            code: RejectionCode.invalidOp,
            reason: `not a storable memory op: its text or metadata ${problem}`,
          });
          return;
        }
        accepted.push({ index, op: validation.op });
      });
      if (accepted.length === 0) return { applied: [], rejected: refused.sort(byIndex) };
      const texts = accepted.flatMap(({ op }) => (op.op === 'delete' ? [] : [op.text]));
      const vectors = await this.#vectorsOf(texts);
      const written = await this.#backend.writeOps(where, accepted, writer, vectors);
      return {
        applied: written.applied.sort(byIndex),
        rejected: [...refused, ...written.rejected].sort(byIndex),
      };
    });
  }

  #refuseUnstorable(what: string, value: unknown): void {
    const problem = this.#backend.unstorable(value);
    if (problem) throw new InvalidMemoryInput(`invalid ${what}: it ${problem}`);
  }

  /** The vectors of `texts`, by text, when the store ranks by vectors. */
  async #vectorsOf(texts: Iterable<string>): Promise<Map<string, Float32Array> | undefined> {
    if (!this.#settings.embedder || !this.#backend.storesVectors) return undefined;
    const distinct = [...new Set(texts)];
    const byText = new Map<string, Float32Array>();
    if (distinct.length === 0) return byText;
    const vectors = await this.#embed(distinct);
    distinct.forEach((text, position) => {
      byText.set(text, vectors[position] as Float32Array);
    });
    return byText;
  }

  /**
   * Embed `texts`, refusing an answer that is not one finite vector of the
   * model's dimension per text.
   *
   * @throws MemoryUnavailable when the embedder fails or answers unusable vectors.
   */
  async #embed(texts: readonly string[]): Promise<Float32Array[]> {
    const { embedder } = this.#settings;
    if (!embedder) throw new TypeError('no embedder');
    let vectors: Float32Array[];
    try {
      vectors = await embedder.embed(texts);
    } catch (error) {
      if (MemoryUnavailable.isInstance(error)) throw error;
      throw new MemoryUnavailable('the embedder failed', { cause: error });
    }
    const usable =
      Array.isArray(vectors) &&
      vectors.length === texts.length &&
      vectors.every(
        (vector) => vector.length === embedder.dimensions && firstNonFinite(vector) === -1,
      );
    if (!usable) {
      throw new MemoryUnavailable(
        `the embedder did not answer one finite ${embedder.dimensions}-dimension vector per text`,
      );
    }
    return vectors;
  }

  /**
   * At most `query.limit` memories visible to `query.scope`, best first
   * (relevance, then salience, then the later update, then the smaller id).
   * Rows ranked beyond the limit or under a floor are in `dropped` with the
   * reason. Each list ranks core's `candidateWindow(limit, scanBudget)`,
   * `min(scanBudget, max(50, 2 × limit))` rows; when more matched the cue's words,
   * `degradations` says so (`scan-budget-spent`). With a cue vector, every
   * row with a vector of the model carries its cosine `similarity` to the
   * cue. A blank cue finds nothing.
   * When this store changed more than 50 rows plus a tenth of the table since
   * `memories` was last analyzed, it analyzes it first (`PlannerStatistics`).
   *
   * @throws InvalidMemoryInput when the query is malformed.
   * @throws ScopeViolation when a row not visible to the scope came back.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  retrieve(query: MemoryQuery): Promise<RetrievalResult> {
    return this.#run('retrieve memories', async () => {
      const valid = parseInput(memoryQuerySchema, query, 'memory query');
      return this.#search(valid, candidateWindow(valid.limit, this.#settings.scanBudget), true);
    });
  }

  /**
   * Every memory visible to `query.scope` that matches the cue, best first,
   * uncapped by `query.limit`: up to `scanBudget` rows per list (or the
   * query's `window`, when smaller), and `scan-budget-spent` in
   * `degradations` when more matched than the budget let it rank. With a cue
   * vector, every row with a vector of the model carries its cosine
   * `similarity` to the cue. Rows under a
   * floor are in `dropped`. Analyzes `memories` first when due, as `retrieve`.
   *
   * @throws InvalidMemoryInput when the query is malformed.
   * @throws ScopeViolation when a row not visible to the scope came back.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  scanCandidates(query: MemoryQuery): Promise<RetrievalResult> {
    return this.#run('scan candidate memories', async () => {
      const valid = parseInput(memoryQuerySchema, query, 'memory query');
      const { scanBudget } = this.#settings;
      return this.#search(valid, scanWindow(valid.window, scanBudget), false);
    });
  }

  /**
   * Embed the cue, rank `window` rows per list for `query` (the backend's
   * `rankCandidates`), then settle them with core's `settleCandidates`
   * (visibility, floors, and the limit when `capped`).
   */
  async #search(query: MemoryQuery, window: number, capped: boolean): Promise<RetrievalResult> {
    const degradations: Degradation[] = [];
    const { embedder, pgvector } = this.#settings;
    if (!embedder) {
      degradations.push({
        code: DegradationCode.noEmbedder,
        detail: 'the store was opened without an embedder: ranking was lexical only',
      });
    }
    if (!pgvector) {
      degradations.push({
        code: DegradationCode.noVectorIndex,
        detail: 'this database has no pgvector extension: ranking was lexical only',
      });
    }
    const storedLayers = (query.layers ?? ['episodic', 'semantic']).some(
      (layer) => storedLayerSchema.safeParse(layer).success,
    );
    if (!storedLayers || query.cue.trim().length === 0) {
      return settleCandidates([], query, capped, degradations);
    }
    let cueVector: Float32Array | undefined;
    if (this.#backend.embedsCue) {
      try {
        [cueVector] = await this.#embed([query.cue.replaceAll('\u0000', ' ')]);
      } catch (error) {
        degradations.push({
          code: DegradationCode.embeddingFailed,
          detail: `the cue could not be embedded (${MemoryUnavailable.isInstance(error) ? error.message : 'failure'}): ranking was lexical only`,
        });
      }
    }
    const ranked = await this.#backend.rankCandidates({
      query,
      window,
      capped,
      ...(cueVector ? { cueVector } : {}),
    });
    degradations.push(...ranked.degradations);
    const settled = settleCandidates([...ranked.candidates], query, capped, degradations);
    const { vectorIndex } = this.#settings;
    return cueVector && vectorIndex ? { ...settled, similarityModel: vectorIndex.model } : settled;
  }

  /**
   * The live semantic memories visible to `scope` with salience at least
   * `options.minSalience`, most recently updated first (ties by id), at most
   * `options.limit`: read through the partial indexes of salient semantic
   * memories (`selectPinned`), never by reading the scope's memories; kept
   * in process until the store's next write when it is its database's only
   * writer (`pinnedCache`).
   *
   * @throws InvalidMemoryInput for a malformed scope or options.
   * @throws ScopeViolation when a row not visible to the scope came back.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  pinned(scope: MemoryScope, options: PinnedOptions): Promise<readonly MemoryRecord[]> {
    return this.#run('read pinned memories', async () => {
      const where = toScope(scope);
      const { minSalience, limit } = parseInput(pinnedOptionsSchema, options, 'pinned options');
      if (limit === 0) return [];
      const records = await this.#backend.pinned(where, minSalience, limit);
      requireVisible(records, where);
      return records;
    });
  }

  /**
   * The live memory `id` if it is visible to `scope`; `undefined` for an
   * unknown, deleted or foreign id alike.
   *
   * @throws InvalidMemoryInput for a malformed scope or id (see core's `memoryIdSchema`).
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined> {
    return this.#run('read a memory', async () => {
      const where = toScope(scope);
      const memoryId = parseInput(memoryIdSchema, id, 'memory id');
      const record = await this.#backend.get(where, memoryId);
      if (record) requireVisible([record], where);
      return record;
    });
  }

  /**
   * Live memories visible to `scope`, oldest first, `limit` per page (100
   * by default, at most 1 000). The cursor is the position of the page's last
   * row, so rows deleted or added between pages never shift the next page.
   *
   * @throws InvalidMemoryInput for a malformed scope, options or a cursor this store did not issue.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  list(scope: MemoryScope, options: ListOptions = {}): Promise<MemoryPage> {
    return this.#run('list memories', async () => {
      const where = toScope(scope);
      const page = await this.#backend.list(where, validListOptions(options));
      requireVisible(page.records, where);
      return page;
    });
  }

  /**
   * The ids of the memories deleted at exactly `scope`, by id, in pages of
   * `limit` (100 by default, at most `Limits.queryLimit`): the tombstones of
   * `memory_versions` at the scope, found through its ancestor-key index.
   *
   * @throws InvalidMemoryInput for a malformed scope, cursor or limit.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  listDeleted(scope: MemoryScope, options: ListDeletedOptions = {}): Promise<DeletedPage> {
    return this.#run('list deleted memories', async () => {
      const where = toScope(scope);
      const { cursor, limit } = parseInput(
        listDeletedOptionsSchema,
        options,
        'listDeleted options',
      );
      const found = await this.#backend.listDeleted(where, cursor, limit);
      const ids = found.slice(0, limit);
      return found.length > limit ? { ids, nextCursor: ids.at(-1) as string } : { ids };
    });
  }

  /**
   * Every version of memory `id`, oldest first, if it is visible to `scope`
   * (a deleted memory's history included, ending with its tombstone); `[]`
   * for an unknown or foreign id.
   *
   * @throws InvalidMemoryInput for a malformed scope or id (see core's `memoryIdSchema`).
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]> {
    return this.#run('read a memory history', async () => {
      const where = toScope(scope);
      const memoryId = parseInput(memoryIdSchema, id, 'memory id');
      return this.#backend.history(where, memoryId);
    });
  }

  /**
   * Every version visible to `scope`, deletions included, in the feed order
   * (time, memory id under the `"C"` collation, version), read through the
   * `memory_versions_feed` index; see core's `MemoryStore.changes`.
   *
   * @throws InvalidMemoryInput for a malformed scope, limit or cursor.
   * @throws ScopeViolation when a row not visible to the scope came back.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  changes(scope: MemoryScope, options?: FeedOptions): Promise<ChangePage> {
    return this.#run('read the change feed', async () => {
      const where = toScope(scope);
      const read = readFeedOptions(options, feedCursor.decodeChange);
      const rows = await this.#backend.changes(where, read);
      const changes = rows.slice(0, read.limit);
      requireVisible(
        changes.map((change) => ({ id: change.memoryId, scope: change.scope })),
        where,
      );
      const last = changes.at(-1);
      return rows.length > read.limit && last
        ? { changes, nextCursor: feedCursor.encodeChange(last) }
        : { changes };
    });
  }

  /**
   * The scopes at or below `scope` holding memories (live or deleted) or
   * turns, with their counts and last write, by path; see core's
   * `MemoryStore.scopes`.
   *
   * @throws InvalidMemoryInput for a malformed scope, limit or cursor.
   * @throws ScopeViolation when a scope outside `scope` came back.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  scopes(scope: MemoryScope, options?: FeedOptions): Promise<ScopePage> {
    return this.#run('list scopes', async () => {
      const where = toScope(scope);
      const read = readFeedOptions(options, feedCursor.decodeScope);
      const rows = await this.#backend.scopes(where, read);
      const scopes = rows.slice(0, read.limit);
      requireWithin(
        scopes.map((summary) => ({ id: formatScope(summary.scope), scope: summary.scope })),
        where,
      );
      const last = scopes.at(-1);
      return rows.length > read.limit && last
        ? { scopes, nextCursor: feedCursor.encodeScope(last.scope) }
        : { scopes };
    });
  }

  /**
   * Every turn at or below `scope` with its scope and time, by path, turn
   * number, then arrival; see core's `MemoryStore.turns`.
   *
   * @throws InvalidMemoryInput for a malformed scope, limit or cursor.
   * @throws ScopeViolation when a turn outside `scope` came back.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  turns(scope: MemoryScope, options?: FeedOptions): Promise<TurnPage> {
    return this.#run('read the turn feed', async () => {
      const where = toScope(scope);
      const read = readFeedOptions(options, feedCursor.decodeTurn);
      const rows = await this.#backend.turns(where, read);
      const page = rows.slice(0, read.limit);
      const turns = page.map((row) => row.turn);
      requireWithin(
        turns.map((turn) => ({ id: turn.turnId, scope: turn.scope })),
        where,
      );
      const last = page.at(-1);
      return rows.length > read.limit && last
        ? {
            turns,
            nextCursor: feedCursor.encodeTurn({
              scope: last.turn.scope,
              turn: last.turn.turn,
              arrival: last.arrival,
            }),
          }
        : { turns };
    });
  }

  /**
   * Write memories with their whole history, and turns, back exactly as
   * another store answered them, in one transaction (run again, up to five
   * times, when it loses a race to a concurrent writer); see core's
   * `MemoryStore.restore`. Live memories are embedded first when the store
   * ranks by vectors. An entry PostgreSQL cannot keep exactly (U+0000, a lone
   * surrogate, a leading U+FEFF) is refused as `unstorable`.
   *
   * @throws InvalidMemoryInput when the batch is malformed; nothing is written.
   * @throws ScopeViolation when an entry is not at or below `scope`; nothing is written.
   * @throws MemoryUnavailable when the database or the embedder cannot be reached, or the store is closed; nothing was written.
   */
  restore(scope: MemoryScope, batch: RestoreBatch): Promise<RestoreResult> {
    return this.#run('restore memories', async () => {
      const where = toScope(scope);
      const entries = readRestoreBatch(where, batch);
      const texts = new Set<string>();
      for (const memory of entries.memories) {
        const last = memory.versions.at(-1);
        if (last && last.change !== 'deleted') texts.add(last.text);
      }
      const vectors = await this.#vectorsOf(texts);
      return this.#backend.restore(entries, vectors);
    });
  }

  /**
   * Erase `scope` and everything below it, in one transaction: live
   * memories (their vectors with them), every version and tombstone, and
   * turns. `memories` counts each memory erased once, deleted ones included.
   * Nothing outside the subtree changes. The deletes share one snapshot
   * (`forgetScope`): a racing apply is erased with its history or kept with all of it.
   *
   * @throws InvalidMemoryInput for a malformed scope.
   * @throws MemoryUnavailable when the database cannot be reached or the store is closed.
   */
  forget(scope: MemoryScope): Promise<ForgetResult> {
    return this.#run('forget a scope', async () => this.#backend.forget(toScope(scope)));
  }

  /**
   * Close the store: every later call throws `MemoryUnavailable`. The
   * opener's release (ending a pool it created, closing PGlite) runs once;
   * closing again waits for it and does nothing more.
   *
   * @throws MemoryUnavailable when releasing the backend failed.
   */
  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= (async () => {
      try {
        await this.#backend.close();
      } catch (error) {
        throw this.#backend.translateError(error, 'close');
      }
    })();
    return this.#closing;
  }

  // End of the store kit's rules. What follows is the Drizzle store's own.

  /**
   * Give every live memory (of every tenant) a vector of this store's
   * embedder model, for a database written without an embedder or with
   * another model, which retrievals report as `vectors-incomplete`. Memories
   * without one are read tenant by tenant, oldest first, `batchSize` at a time (100 by
   * default), embedded outside any transaction, and written each batch in its
   * own transaction; `onProgress` is told after each. Safe beside concurrent
   * writes and other runs (in this process or another): a memory never gets
   * two vectors of a model, and a memory whose text changed after it was read
   * is not given the old text's vector (it is read again). Resolves once no
   * memory lacks a vector, with the number this run wrote.
   *
   * Aborting `signal` stops the run before its next read or write (the batch
   * being embedded is not written) and rejects with the signal's reason;
   * batches already written stay, and running again resumes with the rest.
   *
   * @throws StoreWithoutVectors when the store was opened without an embedder or its database has no pgvector.
   * @throws InvalidMemoryInput when the options are malformed.
   * @throws MemoryUnavailable when the embedder fails or answers unusable vectors (nothing of that batch is written), or the database cannot be reached, or the store is closed.
   */
  embedMissing(options: EmbedMissingOptions = {}): Promise<EmbedMissingResult> {
    return this.#run('embed missing vectors', async () => {
      const { database, embedder, vectorIndex } = this.#settings;
      if (!embedder) throw new StoreWithoutVectors(DegradationCode.noEmbedder);
      if (!vectorIndex) throw new StoreWithoutVectors(DegradationCode.noVectorIndex);
      return embedMissing(database, vectorIndex, (texts) => this.#embed(texts), options);
    });
  }
}
