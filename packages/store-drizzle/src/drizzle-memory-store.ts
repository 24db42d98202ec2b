import {
  type ApplyResult,
  type ChangePage,
  type ConversationTurn,
  type ConversationTurnInput,
  candidateWindow,
  conversationTurnInputSchema,
  cueTermsShortened,
  type Degradation,
  DegradationCode,
  type DeletedPage,
  type EmbeddingProvider,
  type FeedOptions,
  type ForgetResult,
  type FusionWeights,
  feedCursor,
  firstNonFinite,
  formatScope,
  InvalidMemoryInput,
  Limits,
  type ListDeletedOptions,
  type ListOptions,
  listDeletedOptionsSchema,
  type MemoryLayer,
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
  type RestoredMemory,
  type RestoreResult,
  type RetrievalResult,
  readFeedOptions,
  readRestoreBatch,
  requireOpList,
  requireVisible,
  requireWithin,
  type ScopePage,
  type StoredLayer,
  scanWindow,
  settleCandidates,
  storedLayerSchema,
  type TurnPage,
  toScope,
  validateMemoryOp,
} from '@symfonic/core';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { CallerFailure } from './database/caller-failure.js';
import { databaseErrorCode } from './database/database-error-code.js';
import type { PlannerStatistics } from './database/planner-statistics.js';
import { runInTransaction } from './database/run-in-transaction.js';
import type { StoreDatabase } from './database/store-database.js';
import { toMemoryUnavailable } from './database/to-memory-unavailable.js';
import { selectChanges } from './feed/select-changes.js';
import { selectScopes } from './feed/select-scopes.js';
import { selectTurns } from './feed/select-turns.js';
import { memoryColumns } from './rows/memory-columns.js';
import { memoryRecordOf } from './rows/memory-record-of.js';
import { provenanceOf } from './rows/provenance-of.js';
import { memories } from './schema/memories.js';
import { memoryVersions } from './schema/memory-versions.js';
import { turns } from './schema/turns.js';
import { atScope } from './scope/at-scope.js';
import { visibleTo } from './scope/visible-to.js';
import { withinScope } from './scope/within-scope.js';
import { hnswSearchBreadth } from './search/hnsw-search-breadth.js';
import type { PinnedCache } from './search/pinned-cache.js';
import { type RankedMemories, rankMemories } from './search/rank-memories.js';
import { selectPinned } from './search/select-pinned.js';
import { frequencyCap } from './search/weigh-lexemes.js';
import { countUnembedded } from './vectors/count-unembedded.js';
import type { PgvectorSupport } from './vectors/detect-pgvector.js';
import {
  type EmbedMissingOptions,
  type EmbedMissingResult,
  embedMissing,
} from './vectors/embed-missing.js';
import { StoreWithoutVectors } from './vectors/store-without-vectors.js';
import type { VectorIndex } from './vectors/vector-index.js';
import { appendTurn } from './writes/append-turn.js';
import { ApplyConflict } from './writes/apply-conflict.js';
import { type AcceptedOp, applyMemoryOps } from './writes/apply-memory-ops.js';
import { forgetScope } from './writes/forget-scope.js';
import { restoreEntries } from './writes/restore-entries.js';
import { unstorableText } from './writes/unstorable-text.js';

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
}

/** `list` answers this many records unless asked for fewer or more. */
const defaultListLimit = 100;

/** SQLSTATEs after which an apply is run again: unique violation, serialization failure, deadlock. */
const retriedCodes = new Set(['23505', '40001', '40P01']);
const applyAttempts = 5;

/** A cursor is the sequence number of the last row of the previous page. */
const cursorPattern = /^[1-9][0-9]{0,14}$/;

/** Validated {@link ListOptions}. */
interface ValidListOptions {
  readonly layer?: MemoryLayer;
  readonly sequenceAfter?: number;
  readonly limit: number;
}

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
  if (cursor !== undefined && (typeof cursor !== 'string' || !cursorPattern.test(cursor))) {
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
    ...(cursor === undefined ? {} : { sequenceAfter: Number(cursor) }),
    limit: (limit as number | undefined) ?? defaultListLimit,
  };
}

function refuseUnstorable(what: string, value: unknown): void {
  const problem = unstorableText(value);
  if (problem) throw new InvalidMemoryInput(`invalid ${what}: it ${problem}`);
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
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(settings: DrizzleStoreSettings) {
    this.#settings = settings;
  }

  /** Whether retrieval ranks by vectors: an embedder was given and pgvector is installed. */
  get vectors(): boolean {
    return this.#settings.vectorIndex !== undefined;
  }

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
      if (error instanceof CallerFailure) throw error.error;
      throw toMemoryUnavailable(error, operation);
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
      refuseUnstorable('conversation turn', valid);
      return appendTurn(this.#settings.database, where, valid);
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
      const rows = await this.#settings.database
        .select({
          turnId: turns.turnId,
          speaker: turns.speaker,
          text: turns.text,
          turn: turns.turn,
        })
        .from(turns)
        .where(atScope(turns, where))
        .orderBy(desc(turns.turn), desc(turns.sequence))
        .limit(limit);
      return rows.reverse();
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
      refuseUnstorable('provenance', writer);
      const accepted: AcceptedOp[] = [];
      const refused: RejectedOp[] = [];
      requireOpList(ops).forEach((input, index) => {
        const validation = validateMemoryOp(input);
        if (!validation.ok) {
          refused.push({ index, code: validation.code, reason: validation.reason });
          return;
        }
        const problem = unstorableText(validation.op);
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
      const vectors = await this.#embedOps(accepted);
      return this.#write(async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            const outcome = await runInTransaction(this.#settings.database, (transaction) =>
              applyMemoryOps(transaction, accepted, {
                scope: where,
                provenance: writer,
                now: new Date(),
                ...(vectors ? { vectors } : {}),
              }),
            );
            this.#settings.statistics.noteChanges(outcome.applied.length);
            return {
              applied: outcome.applied.sort(byIndex),
              rejected: [...refused, ...outcome.rejected].sort(byIndex),
            };
          } catch (error) {
            const lostRace =
              error instanceof ApplyConflict || retriedCodes.has(databaseErrorCode(error) ?? '');
            if (!lostRace || attempt >= applyAttempts) throw error;
          }
        }
      });
    });
  }

  /** Run a write of memories: through the pinned cache, when the store keeps one. */
  #write<Result>(action: () => Promise<Result>): Promise<Result> {
    const cache = this.#settings.pinnedCache;
    return cache ? cache.write(action) : action();
  }

  /** The vectors of the accepted add and update texts, by op index, when the store ranks by vectors. */
  async #embedOps(
    accepted: readonly AcceptedOp[],
  ): Promise<{ index: VectorIndex; byOp: Map<number, Float32Array> } | undefined> {
    const { embedder, vectorIndex } = this.#settings;
    if (!embedder || !vectorIndex) return undefined;
    const texts = accepted.filter(
      (entry): entry is AcceptedOp & { op: { text: string } } => entry.op.op !== 'delete',
    );
    const byOp = new Map<number, Float32Array>();
    if (texts.length === 0) return { index: vectorIndex, byOp };
    const vectors = await this.#embed(texts.map((entry) => entry.op.text));
    texts.forEach((entry, position) => {
      byOp.set(entry.index, vectors[position] as Float32Array);
    });
    return { index: vectorIndex, byOp };
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
   * Rank `window` rows per list for `query`, then settle them with core's
   * `settleCandidates` (visibility, floors, and the limit when `capped`).
   */
  async #search(query: MemoryQuery, window: number, capped: boolean): Promise<RetrievalResult> {
    const degradations: Degradation[] = [];
    const { embedder, vectorIndex, pgvector } = this.#settings;
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
    const layers = (query.layers ?? ['episodic', 'semantic']).filter(
      (layer): layer is StoredLayer => storedLayerSchema.safeParse(layer).success,
    );
    if (layers.length === 0 || query.cue.trim().length === 0) {
      return settleCandidates([], query, capped, degradations);
    }
    const cue = query.cue.replaceAll('\u0000', ' ');
    const weights = this.#settings.fusionWeights;
    let cueVector: Float32Array | undefined;
    if (vectorIndex && weights.vector > 0) {
      try {
        [cueVector] = await this.#embed([cue]);
      } catch (error) {
        degradations.push({
          code: DegradationCode.embeddingFailed,
          detail: `the cue could not be embedded (${MemoryUnavailable.isInstance(error) ? error.message : 'failure'}): ranking was lexical only`,
        });
      }
    }
    const request = {
      scope: query.scope,
      cue,
      layers,
      window,
      weights,
      ...(vectorIndex && cueVector ? { vector: { index: vectorIndex, values: cueVector } } : {}),
    };
    await this.#settings.statistics.refresh();
    let unembedded = 0;
    const vector = request.vector;
    const ranked: RankedMemories = vector
      ? await runInTransaction(this.#settings.database, async (transaction) => {
          // Search the HNSW graph wider than pgvector's default, which misses neighbours.
          await transaction.execute(
            sql`select set_config('hnsw.ef_search', ${String(hnswSearchBreadth(window))}, true)`,
          );
          if (pgvector?.iterativeScan) {
            // Keep walking the HNSW graph until enough rows pass the scope filter.
            await transaction.execute(sql`set local hnsw.iterative_scan = strict_order`);
          }
          const result = await rankMemories(transaction, request);
          unembedded = await countUnembedded(transaction, query.scope, layers, vector.index);
          return result;
        })
      : await rankMemories(this.#settings.database, request);
    if (vector && unembedded > 0) {
      degradations.push({
        code: DegradationCode.vectorsIncomplete,
        detail: `${unembedded} of the memories visible to this query have no vector of the model "${vector.index.model}" (written without an embedder or with another model): they could be found by their words only, until the store's embedMissing() embeds them`,
      });
    }
    if (ranked.cueTermsShortenedFrom !== undefined) {
      degradations.push(cueTermsShortened(ranked.cueTermsShortenedFrom));
    }
    if (ranked.commonWordsCut > 0) {
      degradations.push({
        code: DegradationCode.commonTermsSkipped,
        detail: `${ranked.commonWordsCut} of the cue's words are each held by ${frequencyCap} memories or more: of the memories holding only such words, the ${window} most recently updated were ranked`,
      });
    } else if (ranked.lexicalOverflow && (capped || window === this.#settings.scanBudget)) {
      // Past a window a scan's caller chose, rows were not wanted: only a spent budget weakens it.
      degradations.push({
        code: DegradationCode.scanBudgetSpent,
        detail: `more than ${window} memories matched the cue's words: only the best ${window} were ranked`,
      });
    }
    const candidates = ranked.ranked.map(({ row, relevance, similarity }) => ({
      record: memoryRecordOf(row),
      relevance,
      ...(similarity === undefined ? {} : { similarity }),
    }));
    const settled = settleCandidates(candidates, query, capped, degradations);
    return vector ? { ...settled, similarityModel: vector.index.model } : settled;
  }

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
      const { embedder, vectorIndex } = this.#settings;
      if (!embedder) throw new StoreWithoutVectors(DegradationCode.noEmbedder);
      if (!vectorIndex) throw new StoreWithoutVectors(DegradationCode.noVectorIndex);
      return embedMissing(
        this.#settings.database,
        vectorIndex,
        (texts) => this.#embed(texts),
        options,
      );
    });
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
      const load = () => selectPinned(this.#settings.database, where, minSalience, limit);
      const cache = this.#settings.pinnedCache;
      const rows = await (cache ? cache.read(where, minSalience, limit, load) : load());
      const records = rows.map(memoryRecordOf);
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
      const [row] = await this.#settings.database
        .select(memoryColumns)
        .from(memories)
        .where(and(eq(memories.id, memoryId), visibleTo(memories, where)));
      if (!row) return undefined;
      const record = memoryRecordOf(row);
      requireVisible([record], where);
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
      const valid = validListOptions(options);
      if (valid.layer === 'working') return { records: [] };
      const limit = valid.limit;
      const rows = await this.#settings.database
        .select({ ...memoryColumns, sequence: memories.sequence })
        .from(memories)
        .where(
          and(
            visibleTo(memories, where),
            valid.layer ? eq(memories.layer, valid.layer) : undefined,
            valid.sequenceAfter === undefined
              ? undefined
              : gt(memories.sequence, valid.sequenceAfter),
          ),
        )
        .orderBy(asc(memories.sequence))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const records = page.map(({ sequence: _sequence, ...row }) => memoryRecordOf(row));
      requireVisible(records, where);
      const last = page.at(-1);
      return rows.length > limit && last
        ? { records, nextCursor: String(last.sequence) }
        : { records };
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
      const rows = await this.#settings.database
        .select({ memoryId: memoryVersions.memoryId })
        .from(memoryVersions)
        .where(
          and(
            withinScope(memoryVersions, where),
            atScope(memoryVersions, where),
            eq(memoryVersions.change, 'deleted'),
            cursor === undefined ? undefined : gt(memoryVersions.memoryId, cursor),
          ),
        )
        .orderBy(asc(memoryVersions.memoryId))
        .limit(limit + 1);
      const ids = rows.slice(0, limit).map(({ memoryId }) => memoryId);
      return rows.length > limit ? { ids, nextCursor: ids.at(-1) as string } : { ids };
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
      const rows = await this.#settings.database
        .select()
        .from(memoryVersions)
        .where(and(eq(memoryVersions.memoryId, memoryId), visibleTo(memoryVersions, where)))
        .orderBy(asc(memoryVersions.version));
      return rows.map((row) => ({
        memoryId: row.memoryId,
        version: row.version,
        change: row.change,
        layer: row.layer,
        text: row.text,
        ...(row.context === null ? {} : { context: row.context }),
        salience: row.salience,
        provenance: provenanceOf(row),
        at: row.at,
      }));
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
      const { limit, after } = readFeedOptions(options, feedCursor.decodeChange);
      await this.#settings.statistics.refresh();
      const rows = await selectChanges(this.#settings.database, where, after, limit + 1);
      const changes = rows.slice(0, limit);
      requireVisible(
        changes.map((change) => ({ id: change.memoryId, scope: change.scope })),
        where,
      );
      const last = changes.at(-1);
      return rows.length > limit && last
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
      const { limit, after } = readFeedOptions(options, feedCursor.decodeScope);
      const rows = await selectScopes(this.#settings.database, where, after, limit + 1);
      const scopes = rows.slice(0, limit);
      requireWithin(
        scopes.map((summary) => ({ id: formatScope(summary.scope), scope: summary.scope })),
        where,
      );
      const last = scopes.at(-1);
      return rows.length > limit && last
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
      const { limit, after } = readFeedOptions(options, feedCursor.decodeTurn);
      const rows = await selectTurns(this.#settings.database, where, after, limit + 1);
      const page = rows.slice(0, limit);
      const turns = page.map((row) => row.turn);
      requireWithin(
        turns.map((turn) => ({ id: turn.turnId, scope: turn.scope })),
        where,
      );
      const last = page.at(-1);
      return rows.length > limit && last
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
      const vectors = await this.#embedRestored(entries.memories);
      return this.#write(async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            const written = await runInTransaction(this.#settings.database, (transaction) =>
              restoreEntries(transaction, entries, vectors ? { vectors } : {}),
            );
            this.#settings.statistics.noteChanges(written.changedMemories);
            return { memories: written.memories, turns: written.turns };
          } catch (error) {
            if (!retriedCodes.has(databaseErrorCode(error) ?? '') || attempt >= applyAttempts) {
              throw error;
            }
          }
        }
      });
    });
  }

  /** The vectors of the live texts of restored memories, by text, when the store ranks by vectors. */
  async #embedRestored(
    restored: readonly RestoredMemory[],
  ): Promise<{ index: VectorIndex; byText: Map<string, Float32Array> } | undefined> {
    const { embedder, vectorIndex } = this.#settings;
    if (!embedder || !vectorIndex) return undefined;
    const texts = new Set<string>();
    for (const memory of restored) {
      const last = memory.versions.at(-1);
      if (last && last.change !== 'deleted') texts.add(last.text);
    }
    const byText = new Map<string, Float32Array>();
    if (texts.size === 0) return { index: vectorIndex, byText };
    const vectors = await this.#embed([...texts]);
    [...texts].forEach((text, position) => {
      byText.set(text, vectors[position] as Float32Array);
    });
    return { index: vectorIndex, byText };
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
    return this.#run('forget a scope', async () => {
      const where = toScope(scope);
      const forgotten = await this.#write(() => forgetScope(this.#settings.database, where));
      this.#settings.statistics.noteChanges(forgotten.liveRows);
      return { memories: forgotten.memories, turns: forgotten.turns };
    });
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
        await this.#settings.onClose?.();
      } catch (error) {
        throw toMemoryUnavailable(error, 'close');
      }
    })();
    return this.#closing;
  }
}
