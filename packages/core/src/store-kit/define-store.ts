import type { ApplyResult, RejectedOp } from '../apply-result.js';
import { RejectionCode } from '../apply-result.js';
import {
  type ConversationTurn,
  type ConversationTurnInput,
  conversationTurnInputSchema,
} from '../conversation-turn.js';
import { embedTexts } from '../embedding/embed-texts.js';
import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { MemoryUnavailable } from '../errors/memory-unavailable.js';
import { SymfonicError } from '../errors/symfonic-error.js';
import { feedCursor } from '../feed/feed-cursor.js';
import type { FeedOptions } from '../feed/feed-options.js';
import type { TurnPage } from '../feed/logged-turn.js';
import type { ChangePage } from '../feed/memory-change.js';
import { readFeedOptions } from '../feed/read-feed-options.js';
import { readRestoreBatch } from '../feed/read-restore-batch.js';
import type { RestoreBatch, RestoreResult } from '../feed/restore-batch.js';
import type { ScopePage } from '../feed/scope-summary.js';
import { listDeletedOptionsSchema } from '../list-deleted-options.js';
import { listOptionsSchema } from '../list-options.js';
import { memoryIdSchema } from '../memory-id.js';
import { storedLayerSchema } from '../memory-layer.js';
import type { MemoryOpInput } from '../memory-op.js';
import { type MemoryQuery, memoryQuerySchema } from '../memory-query.js';
import type { MemoryRecord } from '../memory-record.js';
import type { MemoryScope } from '../memory-scope.js';
import type { MemoryVersion } from '../memory-version.js';
import { parseInput } from '../parse-input.js';
import { type PinnedOptions, pinnedOptionsSchema } from '../pinned-options.js';
import type {
  DeletedPage,
  ExclusiveRestore,
  ForgetResult,
  ListDeletedOptions,
  ListOptions,
  MemoryPage,
  MemoryStore,
} from '../ports/memory-store.js';
import { type Provenance, provenanceSchema } from '../provenance.js';
import { requireOpList } from '../require-op-list.js';
import { requireVisible } from '../require-visible.js';
import { requireWithin } from '../require-within.js';
import { type Degradation, DegradationCode, type RetrievalResult } from '../retrieval-result.js';
import { formatScope, toScope } from '../scope.js';
import { candidateWindow, scanWindow } from '../settle/candidate-window.js';
import { settleCandidates } from '../settle/settle-candidates.js';
import { validateMemoryOp } from '../validate-memory-op.js';
import type { AcceptedOp, StoreBackend, TextVectors } from './store-backend.js';
import { definedStoreBrand } from './store-brand.js';

/** Sorts applied or rejected ops by their position in the request. */
function byIndex(left: { index: number }, right: { index: number }): number {
  return left.index - right.index;
}

/**
 * A `MemoryStore` over a {@link StoreBackend}: every rule a store owes,
 * written once. Build one with {@link defineStore}; a store with methods of
 * its own (a database's maintenance) extends it and runs them through
 * {@link DefinedStore.run}.
 *
 * - Every input is parsed with core's schemas before the backend sees it
 *   (`InvalidMemoryInput`); a scope with `toScope`, ops with
 *   `validateMemoryOp` (each refused op rejected with its code, never thrown).
 * - Texts and cues are embedded here, once per distinct text, and every
 *   batch checked by `checkEmbeddingBatch`: a write whose texts cannot be
 *   embedded raises `MemoryUnavailable` and writes nothing; a cue that cannot
 *   be embedded ranks without its vector and reports `embedding-failed`;
 *   without an embedder every retrieval reports `no-embedder`.
 * - Retrieval reads `candidateWindow` (`retrieve`) or `scanWindow`
 *   (`scanCandidates`) rows per ranking and settles them with
 *   `settleCandidates`; every record answered is checked with
 *   `requireVisible` or `requireWithin` (`ScopeViolation`, never filtered).
 * - Every failure that is not a Symfonic error becomes `MemoryUnavailable`
 *   (through the backend's `translateError` when it has one).
 * - After `close()` (and while an embedder answers a call that began
 *   before it) every call raises `MemoryUnavailable`, writing nothing.
 */
export class DefinedStore implements MemoryStore {
  readonly #backend: StoreBackend;
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(backend: StoreBackend) {
    this.#backend = backend;
  }

  /** The brand `isDefinedStore` recognises. */
  get [definedStoreBrand](): true {
    return true;
  }

  /**
   * Run `action` while the store is open, translating every failure that is
   * not already a Symfonic error (see the class).
   *
   * @throws MemoryUnavailable when the store is closed, or `action` failed.
   */
  protected async run<Result>(operation: string, action: () => Promise<Result>): Promise<Result> {
    this.#ensureOpen(operation);
    try {
      return await action();
    } catch (error) {
      if (SymfonicError.isInstance(error)) throw error;
      const translate = this.#backend.translateError;
      if (translate) throw translate.call(this.#backend, error, operation);
      throw new MemoryUnavailable(`the ${this.#backend.kind} failed to ${operation}`, {
        cause: error,
      });
    }
  }

  /**
   * The checked vectors of `texts`, by text (see `embedTexts`).
   *
   * @throws MemoryUnavailable without an embedder, or when it fails or answers an unusable batch.
   */
  protected embed(texts: readonly string[]): Promise<Map<string, Float32Array>> {
    const { embedder } = this.#backend;
    if (!embedder) throw new MemoryUnavailable(`the ${this.#backend.kind} has no embedder`);
    return embedTexts(embedder, texts);
  }

  #ensureOpen(operation: string): void {
    if (this.#closed) {
      throw new MemoryUnavailable(`the ${this.#backend.kind} is closed: it cannot ${operation}`);
    }
  }

  /** Vectors of `texts` when the backend keeps vectors, checked; the store must still be open after. */
  async #vectorsOf(texts: Iterable<string>, operation: string): Promise<TextVectors | undefined> {
    if (!this.#backend.embedder || !this.#backend.storesVectors) return undefined;
    const vectors = await this.embed([...texts]);
    // The embedder may have taken a while: the store may have closed meanwhile.
    this.#ensureOpen(operation);
    return vectors;
  }

  #refuseUnstorable(what: string, value: unknown): void {
    const problem = this.#backend.unstorable?.(value);
    if (problem) throw new InvalidMemoryInput(`invalid ${what}: it ${problem}`);
  }

  #detached(record: MemoryRecord): MemoryRecord {
    return this.#backend.detach ? this.#backend.detach(record) : record;
  }

  append(scope: MemoryScope, turn: ConversationTurnInput): Promise<ConversationTurn> {
    return this.run('append a turn', async () => {
      const where = toScope(scope);
      const valid = parseInput(conversationTurnInputSchema, turn, 'conversation turn');
      this.#refuseUnstorable('conversation turn', valid);
      return this.#backend.appendTurn(where, valid);
    });
  }

  recent(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]> {
    return this.run('read recent turns', async () => {
      const where = toScope(scope);
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
        throw new InvalidMemoryInput('invalid turn limit: it must be a whole number, 0 or more');
      }
      if (limit === 0) return [];
      return this.#backend.recentTurns(where, limit);
    });
  }

  apply(
    scope: MemoryScope,
    ops: readonly unknown[] | readonly MemoryOpInput[],
    provenance: Provenance,
  ): Promise<ApplyResult> {
    const operation = 'apply memory operations';
    return this.run(operation, async () => {
      const where = toScope(scope);
      const writer = parseInput(provenanceSchema, provenance, 'provenance');
      this.#refuseUnstorable('provenance', writer);
      const accepted: AcceptedOp[] = [];
      const refused: RejectedOp[] = [];
      requireOpList(ops).forEach((input, index) => {
        const validation = validateMemoryOp(input);
        if (!validation.ok) {
          refused.push({ index, code: validation.code, reason: validation.reason });
          return;
        }
        const problem = this.#backend.unstorable?.(validation.op);
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
      if (accepted.length === 0) return { applied: [], rejected: refused };
      const texts = accepted.flatMap(({ op }) => (op.op === 'delete' ? [] : [op.text]));
      const vectors = await this.#vectorsOf(texts, operation);
      const written = await this.#backend.writeOps(where, accepted, writer, vectors);
      const detach = this.#backend.detach;
      return {
        applied: (detach
          ? written.applied.map((applied) => ({ ...applied, record: detach(applied.record) }))
          : [...written.applied]
        ).sort(byIndex),
        rejected: [...refused, ...written.rejected].sort(byIndex),
      };
    });
  }

  retrieve(query: MemoryQuery): Promise<RetrievalResult> {
    return this.run('retrieve memories', async () => {
      const valid = parseInput(memoryQuerySchema, query, 'memory query');
      return this.#search(valid, candidateWindow(valid.limit, this.#backend.scanBudget), true);
    });
  }

  scanCandidates(query: MemoryQuery): Promise<RetrievalResult> {
    return this.run('scan candidate memories', async () => {
      const valid = parseInput(memoryQuerySchema, query, 'memory query');
      return this.#search(valid, scanWindow(valid.window, this.#backend.scanBudget), false);
    });
  }

  /** Embed the cue, rank `window` rows per ranking, then settle them (see the class). */
  async #search(query: MemoryQuery, window: number, capped: boolean): Promise<RetrievalResult> {
    const backend = this.#backend;
    const degradations: Degradation[] = [];
    if (!backend.embedder) {
      degradations.push({
        code: DegradationCode.noEmbedder,
        detail: `the ${backend.kind} has no embedder: the ranking is lexical only`,
      });
    }
    degradations.push(...(backend.standingDegradations ?? []));
    const cue = query.cue.trim();
    const storedLayers =
      query.layers === undefined ||
      query.layers.some((layer) => storedLayerSchema.safeParse(layer).success);
    if (cue.length === 0 || !storedLayers) {
      return settleCandidates([], query, capped, degradations);
    }
    let cueVector: Float32Array | undefined;
    if (backend.embedder && backend.storesVectors && backend.embedsCue) {
      try {
        cueVector = (await embedTexts(backend.embedder, [cue])).get(cue);
      } catch (error) {
        degradations.push({
          code: DegradationCode.embeddingFailed,
          detail: `the cue could not be embedded (${MemoryUnavailable.isInstance(error) ? error.message : 'failure'}): the ranking is lexical only`,
        });
      }
      this.#ensureOpen(capped ? 'retrieve memories' : 'scan candidate memories');
    }
    const ranked = await backend.rankCandidates({
      query,
      window,
      capped,
      ...(cueVector ? { cueVector } : {}),
    });
    degradations.push(...ranked.degradations);
    const settled = settleCandidates(ranked.candidates, query, capped, degradations);
    const memories = backend.detach
      ? settled.memories.map((memory) => ({ ...memory, record: this.#detached(memory.record) }))
      : settled.memories;
    return {
      ...settled,
      memories,
      ...(cueVector && backend.embedder ? { similarityModel: backend.embedder.model } : {}),
    };
  }

  pinned(scope: MemoryScope, options: PinnedOptions): Promise<readonly MemoryRecord[]> {
    return this.run('read pinned memories', async () => {
      const where = toScope(scope);
      const { minSalience, limit } = parseInput(pinnedOptionsSchema, options, 'pinned options');
      if (limit === 0) return [];
      const records = await this.#backend.pinned(where, minSalience, limit);
      requireVisible(records, where);
      return records;
    });
  }

  get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined> {
    return this.run('read a memory', async () => {
      const where = toScope(scope);
      const memoryId = parseInput(memoryIdSchema, id, 'memory id');
      const record = await this.#backend.get(where, memoryId);
      if (record) requireVisible([record], where);
      return record;
    });
  }

  list(scope: MemoryScope, options: ListOptions = {}): Promise<MemoryPage> {
    return this.run('list memories', async () => {
      const where = toScope(scope);
      const valid = parseInput(listOptionsSchema, options, 'list options');
      const page = await this.#backend.list(where, valid);
      requireVisible(page.records, where);
      return page;
    });
  }

  listDeleted(scope: MemoryScope, options: ListDeletedOptions = {}): Promise<DeletedPage> {
    return this.run('list deleted memories', async () => {
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

  history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]> {
    return this.run('read a memory history', async () => {
      const where = toScope(scope);
      const memoryId = parseInput(memoryIdSchema, id, 'memory id');
      return this.#backend.history(where, memoryId);
    });
  }

  changes(scope: MemoryScope, options?: FeedOptions): Promise<ChangePage> {
    return this.run('read the change feed', async () => {
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

  scopes(scope: MemoryScope, options?: FeedOptions): Promise<ScopePage> {
    return this.run('list scopes', async () => {
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

  turns(scope: MemoryScope, options?: FeedOptions): Promise<TurnPage> {
    return this.run('read the turn feed', async () => {
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

  restore(scope: MemoryScope, batch: RestoreBatch): Promise<RestoreResult> {
    const operation = 'restore memories';
    return this.run(operation, async () => {
      const where = toScope(scope);
      const entries = readRestoreBatch(where, batch);
      const texts = new Set<string>();
      for (const memory of entries.memories) {
        const last = memory.versions.at(-1);
        if (last && last.change !== 'deleted') texts.add(last.text);
      }
      const vectors = await this.#vectorsOf(texts, operation);
      return this.#backend.restore(where, entries, vectors);
    });
  }

  /**
   * The backend's exclusive restore at `scope`, its `end()` run while the
   * store is open and translated as every call is; a backend without one
   * gets a session that changes nothing.
   */
  openExclusiveRestore(scope: MemoryScope): Promise<ExclusiveRestore> {
    return this.run('open an exclusive restore', async () => {
      const where = toScope(scope);
      const session = await this.#backend.openExclusiveRestore?.(where);
      let ended: Promise<void> | undefined;
      return {
        end: () => {
          ended ??= this.run('end an exclusive restore', async () => session?.end());
          return ended;
        },
      };
    });
  }

  forget(scope: MemoryScope): Promise<ForgetResult> {
    return this.run('forget a scope', async () => this.#backend.forget(toScope(scope)));
  }

  /**
   * Close the store: every later call throws `MemoryUnavailable`. The
   * backend's `close` runs once; closing again waits for it.
   *
   * @throws MemoryUnavailable when releasing the backend failed.
   */
  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= (async () => {
      try {
        await this.#backend.close();
      } catch (error) {
        if (SymfonicError.isInstance(error)) throw error;
        const translate = this.#backend.translateError;
        if (translate) throw translate.call(this.#backend, error, 'close');
        throw new MemoryUnavailable(`the ${this.#backend.kind} failed to close`, { cause: error });
      }
    })();
    return this.#closing;
  }
}

/**
 * Build a `MemoryStore` over `backend`: the backend stores and finds, the
 * store owns every rule (see {@link DefinedStore}). The store is branded
 * (see `isDefinedStore`), so callers may trust its answers.
 */
export function defineStore(backend: StoreBackend): MemoryStore {
  return new DefinedStore(backend);
}
