import {
  type ApplyResult,
  type ChangePage,
  type ConversationTurn,
  type ConversationTurnInput,
  candidateWindow,
  compareScopes,
  conversationTurnInputSchema,
  cueTermsShortened,
  type Degradation,
  DegradationCode,
  type DeletedPage,
  defaultFusionWeights,
  type EmbeddingProvider,
  type FeedOptions,
  type ForgetResult,
  type FusionWeights,
  feedCursor,
  firstNonFinite,
  formatScope,
  InvalidMemoryInput,
  type ListDeletedOptions,
  type ListOptions,
  type LoggedTurn,
  listDeletedOptionsSchema,
  type MemoryChange,
  type MemoryOpInput,
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
  type RestoreBatch,
  type RestoreResult,
  type RetrievalResult,
  readFeedOptions,
  readRestoreBatch,
  requireOpList,
  requireVisible,
  requireWithin,
  type ScopePage,
  type ScopeSummary,
  type ScoredMemory,
  sameScope,
  scanWindow,
  settleCandidates,
  type TurnPage,
  type TurnPosition,
  toScope,
  validateMemoryOp,
} from '@symfonic/core';
import { copyRecord, copyScope, copyVersion } from './copy-record.js';
import { decodeListCursor, encodeListCursor } from './list-cursor.js';
import { planApply } from './plan-apply.js';
import { planRestore } from './plan-restore.js';
import { isPrefixVisible, scopePathPrefix } from './scope-path-prefix.js';
import { searchTenant } from './search-tenant.js';
import { summarizeScopes } from './summarize-scopes.js';
import { TenantMemories } from './tenant-memories.js';
import { TurnLog } from './turn-log.js';

/** The page size of `list` when none is asked for. */
export const defaultListLimit = 100;
/** The largest page `list` answers. */
export const maximumListLimit = 1_000;

/** The degradation code reported when cue words were left out of full-text matching (see {@link planCueTerms}). */
export const commonTermsSkipped = 'common-terms-skipped';

interface SearchOutcome {
  readonly ranked: ScoredMemory[];
  readonly degradations: Degradation[];
  /** Rows that matched but were not read because the page was full. */
  readonly unread: number;
  /** Of those, the rows matching the cue's words. */
  readonly unreadWordMatches: number;
  /** The model of the cue vector the similarities were computed with, when there was one. */
  readonly similarityModel?: string;
}

/**
 * A `MemoryStore` held in process memory. See {@link createInMemoryStore} for
 * the contract; every method throws `MemoryUnavailable` once closed.
 */
export class InMemoryStore implements MemoryStore {
  private readonly embedder: EmbeddingProvider | undefined;
  private readonly scanBudget: number;
  private readonly weights: FusionWeights;
  private tenants = new Map<string, TenantMemories>();
  private closed = false;
  private sequence = 0;
  private lastTime = 0;

  constructor(
    embedder: EmbeddingProvider | undefined,
    scanBudget: number,
    weights: FusionWeights = defaultFusionWeights,
  ) {
    this.embedder = embedder;
    this.scanBudget = scanBudget;
    this.weights = weights;
  }

  async append(scope: MemoryScope, turn: ConversationTurnInput): Promise<ConversationTurn> {
    this.ensureOpen();
    const valid = toScope(scope);
    const parsed = parseInput(conversationTurnInputSchema, turn, 'conversation turn');
    const tenant = this.tenant(valid.tenant);
    const key = scopePathPrefix(valid);
    let log = tenant.turns.get(key);
    if (!log) {
      log = new TurnLog(valid);
      tenant.turns.set(key, log);
    }
    return log.append(parsed, this.now());
  }

  async recent(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]> {
    this.ensureOpen();
    const valid = toScope(scope);
    if (!Number.isInteger(limit) || limit < 0) {
      throw new InvalidMemoryInput('invalid turn limit: it must be a whole number, 0 or more');
    }
    return this.tenants.get(valid.tenant)?.turns.get(scopePathPrefix(valid))?.recent(limit) ?? [];
  }

  async apply(
    scope: MemoryScope,
    ops: readonly unknown[] | readonly MemoryOpInput[],
    provenance: Provenance,
  ): Promise<ApplyResult> {
    this.ensureOpen();
    const valid = toScope(scope);
    const validProvenance = parseInput(provenanceSchema, provenance, 'provenance');
    const validations = requireOpList(ops).map(validateMemoryOp);
    const texts = new Set<string>();
    for (const validation of validations) {
      if (validation.ok && validation.op.op !== 'delete') texts.add(validation.op.text);
    }
    const vectors = await this.embedTexts([...texts]);
    // The embedder may have taken a while: the store may have closed meanwhile.
    this.ensureOpen();
    const tenant = this.tenant(valid.tenant);
    const plan = planApply(validations, {
      tenant,
      scope: valid,
      key: scopePathPrefix(valid),
      provenance: validProvenance,
      at: this.now(),
      vectors,
      nextSequence: () => {
        this.sequence += 1;
        return this.sequence;
      },
      newId: () => crypto.randomUUID(),
    });
    tenant.commit(plan.changes);
    return {
      applied: plan.applied.map((applied) => ({ ...applied, record: copyRecord(applied.record) })),
      rejected: plan.rejected,
    };
  }

  async retrieve(query: MemoryQuery): Promise<RetrievalResult> {
    this.ensureOpen();
    const valid = parseInput(memoryQuerySchema, query, 'memory query');
    const page = candidateWindow(valid.limit, this.scanBudget);
    const outcome = await this.search(valid, page);
    const degradations = [...outcome.degradations];
    if (outcome.unreadWordMatches > 0) {
      degradations.push({
        code: DegradationCode.scanBudgetSpent,
        detail: `more than ${page} memories matched the cue's words: only the best ${page} were ranked, ${outcome.unreadWordMatches} more were not read`,
      });
    }
    return served(settleCandidates(outcome.ranked, valid, true, degradations), outcome);
  }

  async scanCandidates(query: MemoryQuery): Promise<RetrievalResult> {
    this.ensureOpen();
    const valid = parseInput(memoryQuerySchema, query, 'memory query');
    const page = scanWindow(valid.window, this.scanBudget);
    const outcome = await this.search(valid, page);
    const degradations = [...outcome.degradations];
    // Rows past a window the caller chose were not wanted; only a spent budget weakens the scan.
    if (outcome.unread > 0 && page === this.scanBudget) {
      degradations.push({
        code: DegradationCode.scanBudgetSpent,
        detail: `${outcome.unread} more matching memories were not read: the scan budget is ${this.scanBudget} per ranking`,
      });
    }
    return served(settleCandidates(outcome.ranked, valid, false, degradations), outcome);
  }

  async pinned(scope: MemoryScope, options: PinnedOptions): Promise<readonly MemoryRecord[]> {
    this.ensureOpen();
    const valid = toScope(scope);
    const { minSalience, limit } = parseInput(pinnedOptionsSchema, options, 'pinned options');
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return [];
    return tenant.salient.atLeast(scopePathPrefix(valid), minSalience, limit).map(copyRecord);
  }

  async get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined> {
    this.ensureOpen();
    const valid = toScope(scope);
    const memoryId = parseInput(memoryIdSchema, id, 'memory id');
    const memory = this.tenants.get(valid.tenant)?.visible(memoryId, scopePathPrefix(valid));
    return memory?.live ? copyRecord(memory.record) : undefined;
  }

  async list(scope: MemoryScope, options: ListOptions = {}): Promise<MemoryPage> {
    this.ensureOpen();
    const valid = toScope(scope);
    const layer =
      options.layer === undefined
        ? undefined
        : parseInput(memoryLayerSchema, options.layer, 'list layer');
    const limit = options.limit ?? defaultListLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > maximumListLimit) {
      throw new InvalidMemoryInput(
        `invalid list limit: it must be a whole number from 1 to ${maximumListLimit}`,
      );
    }
    const after = options.cursor === undefined ? 0 : decodeListCursor(options.cursor);
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return { records: [] };
    const key = scopePathPrefix(valid);
    const sequenceAt = (position: number) =>
      tenant.memories.get(tenant.ordered[position] as string)?.sequence ?? 0;
    let low = 0;
    let high = tenant.ordered.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sequenceAt(middle) <= after) low = middle + 1;
      else high = middle;
    }
    const records: MemoryRecord[] = [];
    let last = after;
    for (let position = low; position < tenant.ordered.length; position += 1) {
      const memory = tenant.memories.get(tenant.ordered[position] as string);
      if (!memory?.live || !isPrefixVisible(memory.key, key)) continue;
      if (layer !== undefined && memory.record.layer !== layer) continue;
      if (records.length === limit) return { records, nextCursor: encodeListCursor(last) };
      records.push(copyRecord(memory.record));
      last = memory.sequence;
    }
    return { records };
  }

  async listDeleted(scope: MemoryScope, options: ListDeletedOptions = {}): Promise<DeletedPage> {
    this.ensureOpen();
    const valid = toScope(scope);
    const { cursor, limit } = parseInput(listDeletedOptionsSchema, options, 'listDeleted options');
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return { ids: [] };
    const key = scopePathPrefix(valid);
    const ids: string[] = [];
    for (const memory of tenant.memories.values()) {
      if (memory.live || memory.key !== key) continue;
      if (cursor === undefined || memory.record.id > cursor) ids.push(memory.record.id);
    }
    ids.sort();
    return ids.length > limit
      ? { ids: ids.slice(0, limit), nextCursor: ids[limit - 1] as string }
      : { ids };
  }

  async history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]> {
    this.ensureOpen();
    const valid = toScope(scope);
    const memoryId = parseInput(memoryIdSchema, id, 'memory id');
    const memory = this.tenants.get(valid.tenant)?.visible(memoryId, scopePathPrefix(valid));
    return memory ? memory.versions.map(copyVersion) : [];
  }

  async changes(scope: MemoryScope, options?: FeedOptions): Promise<ChangePage> {
    this.ensureOpen();
    const valid = toScope(scope);
    const { limit, after } = readFeedOptions(options, feedCursor.decodeChange);
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return { changes: [] };
    const key = scopePathPrefix(valid);
    const changes: MemoryChange[] = [];
    for (const version of tenant.changes.after(after)) {
      const memory = tenant.memories.get(version.memoryId);
      if (!memory || !isPrefixVisible(memory.key, key)) continue;
      if (changes.length === limit) {
        return { changes, nextCursor: feedCursor.encodeChange(changes.at(-1) as MemoryChange) };
      }
      changes.push({ ...copyVersion(version), scope: copyScope(memory.record.scope) });
    }
    requireVisible(
      changes.map((change) => ({ id: change.memoryId, scope: change.scope })),
      valid,
    );
    return { changes };
  }

  async scopes(scope: MemoryScope, options?: FeedOptions): Promise<ScopePage> {
    this.ensureOpen();
    const valid = toScope(scope);
    const { limit, after } = readFeedOptions(options, feedCursor.decodeScope);
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return { scopes: [] };
    const summaries = summarizeScopes(tenant, scopePathPrefix(valid))
      .filter((summary) => after === undefined || compareScopes(summary.scope, after) > 0)
      .sort((left, right) => compareScopes(left.scope, right.scope));
    const page = summaries.slice(0, limit);
    requireWithin(
      page.map((summary) => ({ id: formatScope(summary.scope), scope: summary.scope })),
      valid,
    );
    return summaries.length > limit
      ? { scopes: page, nextCursor: feedCursor.encodeScope((page.at(-1) as ScopeSummary).scope) }
      : { scopes: page };
  }

  async turns(scope: MemoryScope, options?: FeedOptions): Promise<TurnPage> {
    this.ensureOpen();
    const valid = toScope(scope);
    const { limit, after } = readFeedOptions(options, feedCursor.decodeTurn);
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return { turns: [] };
    const key = scopePathPrefix(valid);
    const logs = [...tenant.turns]
      .filter(([logKey]) => logKey.startsWith(key))
      .map(([, log]) => log)
      .filter((log) => after === undefined || compareScopes(log.scope, after.scope) >= 0)
      .sort((left, right) => compareScopes(left.scope, right.scope));
    const turns: LoggedTurn[] = [];
    let last: TurnPosition | undefined;
    for (const log of logs) {
      const from = after !== undefined && sameScope(log.scope, after.scope) ? after : undefined;
      for (const { turn, arrival } of log.after(from)) {
        if (turns.length === limit) {
          requireWithin(turnRows(turns), valid);
          return { turns, nextCursor: feedCursor.encodeTurn(last as TurnPosition) };
        }
        turns.push(turn);
        last = { scope: log.scope, turn: turn.turn, arrival };
      }
    }
    requireWithin(turnRows(turns), valid);
    return { turns };
  }

  async restore(scope: MemoryScope, batch: RestoreBatch): Promise<RestoreResult> {
    this.ensureOpen();
    const valid = toScope(scope);
    const entries = readRestoreBatch(valid, batch);
    const texts = new Set<string>();
    for (const memory of entries.memories) {
      const last = memory.versions.at(-1);
      if (last && last.change !== 'deleted') texts.add(last.text);
    }
    const vectors = await this.embedTexts([...texts]);
    // The embedder may have taken a while: the store may have closed meanwhile.
    this.ensureOpen();
    const plan = planRestore(entries, {
      tenant: this.tenant(valid.tenant),
      takenElsewhere: (id) =>
        [...this.tenants].some(([name, other]) => name !== valid.tenant && other.memories.has(id)),
      vectors,
      nextSequence: () => {
        this.sequence += 1;
        return this.sequence;
      },
    });
    plan.commit();
    for (const memory of entries.memories) {
      for (const version of memory.versions) {
        this.lastTime = Math.max(this.lastTime, version.at.getTime());
      }
    }
    return { memories: plan.memories, turns: plan.turns };
  }

  async forget(scope: MemoryScope): Promise<ForgetResult> {
    this.ensureOpen();
    const valid = toScope(scope);
    const tenant = this.tenants.get(valid.tenant);
    if (!tenant) return { memories: 0, turns: 0 };
    if (valid.path.length === 0) {
      const erased = tenant.erase('');
      this.tenants.delete(valid.tenant);
      return erased;
    }
    return tenant.erase(scopePathPrefix(valid));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.tenants = new Map();
  }

  /** Rank the memories matching the cue: lexical, plus vectors fused in when an embedder is set. */
  private async search(query: MemoryQuery, page: number): Promise<SearchOutcome> {
    const degradations: Degradation[] = [];
    if (!this.embedder) {
      degradations.push({
        code: DegradationCode.noEmbedder,
        detail: 'no embedder was configured: the ranking is lexical only',
      });
    }
    const cue = query.cue.trim();
    const cueVector =
      cue.length > 0 && this.weights.vector > 0
        ? await this.embedCue(cue, degradations)
        : undefined;
    this.ensureOpen();
    const tenant = this.tenants.get(query.scope.tenant);
    if (!tenant || cue.length === 0) {
      return { ranked: [], degradations, unread: 0, unreadWordMatches: 0 };
    }
    const outcome = searchTenant(tenant, {
      cue,
      cueVector,
      key: scopePathPrefix(query.scope),
      layers: query.layers === undefined ? undefined : new Set(query.layers),
      page,
      postingsBudget: this.scanBudget,
      weights: this.weights,
    });
    if (outcome.cueTermsShortenedFrom !== undefined) {
      degradations.push(cueTermsShortened(outcome.cueTermsShortenedFrom));
    }
    if (outcome.skippedTerms > 0) {
      degradations.push({
        code: commonTermsSkipped,
        detail: `${outcome.skippedTerms} of the cue's words are held by so many memories that matching on them would read over ${this.scanBudget} index entries: memories sharing only those words with the cue were not considered`,
      });
    }
    return {
      ranked: outcome.ranked,
      degradations,
      unread: outcome.unread,
      unreadWordMatches: outcome.unreadWordMatches,
      ...(cueVector && this.embedder ? { similarityModel: this.embedder.model } : {}),
    };
  }

  /** The unit-length vector of the cue, or `undefined` (with a degradation) when the embedder fails. */
  private async embedCue(
    cue: string,
    degradations: Degradation[],
  ): Promise<Float32Array | undefined> {
    if (!this.embedder) return undefined;
    try {
      const vectors = await this.embedTexts([cue]);
      return vectors?.get(cue);
    } catch {
      degradations.push({
        code: DegradationCode.embeddingFailed,
        detail: 'the embedder failed for this cue: the ranking is lexical only',
      });
      return undefined;
    }
  }

  /**
   * Unit-length vectors of `texts`, by text; `undefined` without an embedder.
   *
   * @throws MemoryUnavailable when the embedder fails or answers vectors of
   * the wrong number or length, or holding a value that is not finite (NaN,
   * infinity); nothing is kept from such a batch.
   */
  private async embedTexts(
    texts: readonly string[],
  ): Promise<Map<string, Float32Array> | undefined> {
    if (!this.embedder || texts.length === 0) return undefined;
    let vectors: Float32Array[];
    try {
      vectors = await this.embedder.embed(texts);
    } catch (error) {
      throw new MemoryUnavailable('the embedder failed, so nothing was written or ranked by it', {
        cause: error,
      });
    }
    const { dimensions } = this.embedder;
    const wrongShape = new MemoryUnavailable(
      `the embedder answered vectors of the wrong number or length (expected ${texts.length} of ${dimensions})`,
    );
    if (!Array.isArray(vectors) || vectors.length !== texts.length) throw wrongShape;
    const byText = new Map<string, Float32Array>();
    texts.forEach((text, position) => {
      const vector: Float32Array | undefined = vectors[position];
      if (vector?.length !== dimensions) throw wrongShape;
      if (firstNonFinite(vector) !== -1) {
        throw new MemoryUnavailable(
          `the embedder answered vector ${position + 1} of ${texts.length} with a value that is not finite`,
        );
      }
      byText.set(text, toUnitLength(vector));
    });
    return byText;
  }

  private tenant(tenantId: string): TenantMemories {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) {
      tenant = new TenantMemories();
      this.tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  /** A clock that never goes backwards, so versions and updates stay in order. */
  private now(): Date {
    this.lastTime = Math.max(Date.now(), this.lastTime);
    return new Date(this.lastTime);
  }

  private ensureOpen(): void {
    if (this.closed) throw new MemoryUnavailable('the in-memory store is closed');
  }
}

/**
 * A settled retrieval whose memories share nothing mutable with the store
 * (see {@link copyRecord}), naming the model of its similarities.
 */
function served(settled: RetrievalResult, outcome: SearchOutcome): RetrievalResult {
  return {
    ...settled,
    memories: settled.memories.map((memory) => ({ ...memory, record: copyRecord(memory.record) })),
    ...(outcome.similarityModel === undefined ? {} : { similarityModel: outcome.similarityModel }),
  };
}

/** The rows `requireWithin` checks of a page of turns. */
function turnRows(turns: readonly LoggedTurn[]) {
  return turns.map((turn) => ({ id: turn.turnId, scope: turn.scope }));
}

/** A copy of `vector` scaled to unit length (all zeros stays all zeros). */
function toUnitLength(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const norm = Math.sqrt(squares);
  const unit = new Float32Array(vector.length);
  if (norm === 0) return unit;
  for (let index = 0; index < vector.length; index += 1)
    unit[index] = (vector[index] as number) / norm;
  return unit;
}
