import {
  type AcceptedOp,
  type BackendListOptions,
  BackendRanking,
  type ChangePosition,
  type ConversationTurn,
  compareScopes,
  cueTermsShortened,
  type Degradation,
  DegradationCode,
  type EmbeddingProvider,
  type FeedRead,
  type FeedTurn,
  type ForgetResult,
  type FusionWeights,
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
  sameScope,
  type TextVectors,
  type TurnPosition,
  type ValidTurn,
  type WrittenOps,
} from '@symfonic/core';
import { summarizeScopes } from './feed/summarize-scopes.js';
import { decodeListCursor, encodeListCursor } from './list-cursor.js';
import { copyRecord, copyScope, copyVersion } from './rows/copy-record.js';
import { isPrefixVisible, scopePathPrefix } from './scope/scope-path-prefix.js';
import { searchTenant } from './search/search-tenant.js';
import { TenantMemories } from './tenant-memories.js';
import { TurnLog } from './turn-log.js';
import { toUnitLength, unitVectors } from './vectors/to-unit-length.js';
import { planApply } from './writes/plan-apply.js';
import { planRestore } from './writes/plan-restore.js';

/** How the in-memory backend ranks, decided when the store was created. */
export interface InMemoryBackendSettings {
  readonly embedder: EmbeddingProvider | undefined;
  readonly scanBudget: number;
  readonly weights: FusionWeights;
}

/**
 * The in-memory store's backend for core's `defineStore`: tenants of maps,
 * a MiniSearch index and vector buckets each (see {@link TenantMemories}).
 * Every call arrives validated; every record handed out is a copy
 * (`detach`), so a caller can never edit what is stored.
 */
export class InMemoryBackend extends BackendRanking implements StoreBackend {
  readonly kind = 'in-memory store';
  readonly #weights: FusionWeights;
  #tenants = new Map<string, TenantMemories>();
  #sequence = 0;
  #lastTime = 0;

  constructor(settings: InMemoryBackendSettings) {
    super(settings);
    this.#weights = settings.weights;
  }

  detach(record: MemoryRecord): MemoryRecord {
    return copyRecord(record);
  }

  async appendTurn(scope: MemoryScope, turn: ValidTurn): Promise<ConversationTurn> {
    const tenant = this.#tenant(scope.tenant);
    const key = scopePathPrefix(scope);
    let log = tenant.turns.get(key);
    if (!log) {
      log = new TurnLog(scope);
      tenant.turns.set(key, log);
    }
    return log.append(turn, this.#now());
  }

  async recentTurns(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]> {
    return this.#tenants.get(scope.tenant)?.turns.get(scopePathPrefix(scope))?.recent(limit) ?? [];
  }

  async writeOps(
    scope: MemoryScope,
    ops: readonly AcceptedOp[],
    provenance: Provenance,
    vectors: TextVectors | undefined,
  ): Promise<WrittenOps> {
    const tenant = this.#tenant(scope.tenant);
    const plan = planApply(ops, {
      tenant,
      scope,
      key: scopePathPrefix(scope),
      provenance,
      at: this.#now(),
      vectors: vectors && unitVectors(vectors),
      nextSequence: () => this.#nextSequence(),
      newId: () => crypto.randomUUID(),
    });
    tenant.commit(plan.changes);
    return { applied: plan.applied, rejected: plan.rejected };
  }

  async rankCandidates(request: RankRequest): Promise<RankedCandidates> {
    const { query, window, capped, cueVector } = request;
    const tenant = this.#tenants.get(query.scope.tenant);
    if (!tenant) return { candidates: [], degradations: [] };
    const outcome = searchTenant(tenant, {
      cue: query.cue.trim(),
      cueVector: cueVector && toUnitLength(cueVector),
      key: scopePathPrefix(query.scope),
      layers: query.layers === undefined ? undefined : new Set(query.layers),
      page: window,
      postingsBudget: this.scanBudget,
      weights: this.#weights,
    });
    const degradations: Degradation[] = [];
    if (outcome.cueTermsShortenedFrom !== undefined) {
      degradations.push(cueTermsShortened(outcome.cueTermsShortenedFrom));
    }
    if (outcome.skippedTerms > 0) {
      degradations.push({
        code: DegradationCode.commonTermsSkipped,
        detail: `${outcome.skippedTerms} of the cue's words are held by so many memories that matching on them would read over ${this.scanBudget} index entries: memories sharing only those words with the cue were not considered`,
      });
    }
    if (capped && outcome.unreadWordMatches > 0) {
      degradations.push({
        code: DegradationCode.scanBudgetSpent,
        detail: `more than ${window} memories matched the cue's words: only the best ${window} were ranked, ${outcome.unreadWordMatches} more were not read`,
      });
    }
    // Rows past a window the caller chose were not wanted; only a spent budget weakens the scan.
    if (!capped && outcome.unread > 0 && window === this.scanBudget) {
      degradations.push({
        code: DegradationCode.scanBudgetSpent,
        detail: `${outcome.unread} more matching memories were not read: the scan budget is ${this.scanBudget} per ranking`,
      });
    }
    return { candidates: outcome.ranked, degradations };
  }

  async pinned(
    scope: MemoryScope,
    minSalience: number,
    limit: number,
  ): Promise<readonly MemoryRecord[]> {
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return [];
    return tenant.salient.atLeast(scopePathPrefix(scope), minSalience, limit).map(copyRecord);
  }

  async get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined> {
    const memory = this.#tenants.get(scope.tenant)?.visible(id, scopePathPrefix(scope));
    return memory?.live ? copyRecord(memory.record) : undefined;
  }

  async list(scope: MemoryScope, options: BackendListOptions): Promise<MemoryPage> {
    const { layer, limit } = options;
    const after = options.cursor === undefined ? 0 : decodeListCursor(options.cursor);
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return { records: [] };
    const key = scopePathPrefix(scope);
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

  async listDeleted(
    scope: MemoryScope,
    cursor: string | undefined,
    limit: number,
  ): Promise<readonly string[]> {
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return [];
    const key = scopePathPrefix(scope);
    const ids: string[] = [];
    for (const memory of tenant.memories.values()) {
      if (memory.live || memory.key !== key) continue;
      if (cursor === undefined || memory.record.id > cursor) ids.push(memory.record.id);
    }
    return ids.sort().slice(0, limit + 1);
  }

  async history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]> {
    const memory = this.#tenants.get(scope.tenant)?.visible(id, scopePathPrefix(scope));
    return memory ? memory.versions.map(copyVersion) : [];
  }

  async changes(
    scope: MemoryScope,
    read: FeedRead<ChangePosition>,
  ): Promise<readonly MemoryChange[]> {
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return [];
    const key = scopePathPrefix(scope);
    const changes: MemoryChange[] = [];
    for (const version of tenant.changes.after(read.after)) {
      const memory = tenant.memories.get(version.memoryId);
      if (!memory || !isPrefixVisible(memory.key, key)) continue;
      changes.push({ ...copyVersion(version), scope: copyScope(memory.record.scope) });
      if (changes.length > read.limit) break;
    }
    return changes;
  }

  async scopes(scope: MemoryScope, read: FeedRead<MemoryScope>): Promise<readonly ScopeSummary[]> {
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return [];
    const { after } = read;
    return summarizeScopes(tenant, scopePathPrefix(scope))
      .filter((summary) => after === undefined || compareScopes(summary.scope, after) > 0)
      .sort((left, right) => compareScopes(left.scope, right.scope))
      .slice(0, read.limit + 1);
  }

  async turns(scope: MemoryScope, read: FeedRead<TurnPosition>): Promise<readonly FeedTurn[]> {
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return [];
    const { after } = read;
    const key = scopePathPrefix(scope);
    const logs = [...tenant.turns]
      .filter(([logKey]) => logKey.startsWith(key))
      .map(([, log]) => log)
      .filter((log) => after === undefined || compareScopes(log.scope, after.scope) >= 0)
      .sort((left, right) => compareScopes(left.scope, right.scope));
    const turns: FeedTurn[] = [];
    for (const log of logs) {
      const from = after !== undefined && sameScope(log.scope, after.scope) ? after : undefined;
      for (const entry of log.after(from)) {
        turns.push(entry);
        if (turns.length > read.limit) return turns;
      }
    }
    return turns;
  }

  async restore(
    scope: MemoryScope,
    entries: RestoreEntries,
    vectors: TextVectors | undefined,
  ): Promise<RestoreResult> {
    const tenantId = scope.tenant;
    const plan = planRestore(entries, {
      tenant: this.#tenant(tenantId),
      takenElsewhere: (id) =>
        [...this.#tenants].some(([name, other]) => name !== tenantId && other.memories.has(id)),
      vectors: vectors && unitVectors(vectors),
      nextSequence: () => this.#nextSequence(),
    });
    plan.commit();
    for (const memory of entries.memories) {
      for (const version of memory.versions) {
        this.#lastTime = Math.max(this.#lastTime, version.at.getTime());
      }
    }
    return { memories: plan.memories, turns: plan.turns };
  }

  async forget(scope: MemoryScope): Promise<ForgetResult> {
    const tenant = this.#tenants.get(scope.tenant);
    if (!tenant) return { memories: 0, turns: 0 };
    if (scope.path.length === 0) {
      const erased = tenant.erase('');
      this.#tenants.delete(scope.tenant);
      return erased;
    }
    return tenant.erase(scopePathPrefix(scope));
  }

  async close(): Promise<void> {
    this.#tenants = new Map();
  }

  #tenant(tenantId: string): TenantMemories {
    let tenant = this.#tenants.get(tenantId);
    if (!tenant) {
      tenant = new TenantMemories();
      this.#tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  #nextSequence(): number {
    this.#sequence += 1;
    return this.#sequence;
  }

  /** A clock that never goes backwards, so versions and updates stay in order. */
  #now(): Date {
    this.#lastTime = Math.max(Date.now(), this.#lastTime);
    return new Date(this.#lastTime);
  }
}
