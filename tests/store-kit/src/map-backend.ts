import {
  type AcceptedOp,
  type AppliedOp,
  type BackendListOptions,
  BackendRanking,
  type ChangePosition,
  type ConversationTurn,
  compareCandidates,
  compareChanges,
  compareScopes,
  contextWeight,
  cosineSimilarity,
  cueTermsShortened,
  type Degradation,
  DegradationCode,
  decideRestore,
  decideTurnRestore,
  type EmbeddingProvider,
  type FeedRead,
  type FeedTurn,
  type ForgetResult,
  type FusionWeights,
  fuseRankings,
  InvalidMemoryInput,
  isVisible,
  isWithin,
  Limits,
  type MemoryChange,
  type MemoryPage,
  type MemoryRecord,
  type MemoryScope,
  type MemoryVersion,
  normalizeMemoryText,
  type Provenance,
  type RankedCandidates,
  type RankRequest,
  type RejectedOp,
  RejectionCode,
  type RestoreEntries,
  type RestoreOutcome,
  type RestoreResult,
  type ScopeSummary,
  type ScoredMemory,
  type StoreBackend,
  sameScope,
  similarityOf,
  type TextVectors,
  type TurnPosition,
  type ValidTurn,
  type WrittenOps,
} from '@symfonic/core';

/** One memory as the map holds it: its current record, whether it is live, its history, its vector. */
interface Entry {
  readonly record: MemoryRecord;
  readonly live: boolean;
  readonly versions: readonly MemoryVersion[];
  /** Creation order, the order of `list`. */
  readonly sequence: number;
  readonly vector?: Float32Array;
}

/** One logged turn. */
interface TurnEntry {
  readonly scope: MemoryScope;
  readonly turn: ConversationTurn;
  readonly at: Date;
  /** Its place among the turns logged at its scope. */
  readonly arrival: number;
}

const words = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** The key under which one live memory holds a text at its scope and layer. */
const holderKey = (scope: MemoryScope, layer: string, text: string): string =>
  JSON.stringify([scope.tenant, ...scope.path, layer, normalizeMemoryText(text)]);

/**
 * A store backend over plain `Map`s, written from the guide in core's README
 * and nothing else: every memory of every tenant in one map, scanned for
 * every read (BM25 over what the asking scope sees, cosine over the stored
 * vectors, fused by core's `fuseRankings`). It implements the backend port
 * only; `defineStore` adds every rule a store owes.
 */
export class MapBackend extends BackendRanking implements StoreBackend {
  readonly kind = 'map store';
  readonly #weights: FusionWeights;
  readonly #memories = new Map<string, Entry>();
  /** The id of the live memory holding each {@link holderKey}. */
  readonly #holders = new Map<string, string>();
  #turns: TurnEntry[] = [];
  #sequence = 0;
  #clock = 0;

  constructor(embedder: EmbeddingProvider | undefined, weights: FusionWeights) {
    super({ embedder, weights, scanBudget: 1_000 });
    this.#weights = weights;
  }

  detach(record: MemoryRecord): MemoryRecord {
    return structuredClone(record);
  }

  async appendTurn(scope: MemoryScope, turn: ValidTurn): Promise<ConversationTurn> {
    const here = this.#turns.filter((entry) => sameScope(entry.scope, scope));
    const logged = here.find((entry) => entry.turn.turnId === turn.turnId);
    if (logged) return { ...logged.turn };
    const number = turn.turn ?? Math.max(-1, ...here.map((entry) => entry.turn.turn)) + 1;
    const entry = {
      scope: structuredClone(scope),
      turn: { turnId: turn.turnId, speaker: turn.speaker, text: turn.text, turn: number },
      at: this.#now(),
      arrival: here.length,
    };
    this.#turns.push(entry);
    return { ...entry.turn };
  }

  async recentTurns(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]> {
    return this.#turns
      .filter((entry) => sameScope(entry.scope, scope))
      .sort(byTurn)
      .slice(-limit)
      .map((entry) => ({ ...entry.turn }));
  }

  async writeOps(
    scope: MemoryScope,
    ops: readonly AcceptedOp[],
    provenance: Provenance,
    vectors: TextVectors | undefined,
  ): Promise<WrittenOps> {
    // Staged, then committed at once: nothing is written unless every op was decided.
    const staged = new Map<string, Entry>();
    const holders = new Map<string, string | undefined>();
    const at = this.#now();
    const applied: AppliedOp[] = [];
    const rejected: RejectedOp[] = [];
    const holderOf = (key: string) =>
      holders.has(key) ? holders.get(key) : this.#holders.get(key);
    const visible = (id: string) => {
      const entry = staged.get(id) ?? this.#memories.get(id);
      return entry?.live && isVisible(entry.record.scope, scope) ? entry : undefined;
    };
    const stage = (entry: Entry, version: MemoryVersion, index: number, op: AppliedOp['op']) => {
      const vector = entry.live ? vectors?.get(entry.record.text) : undefined;
      staged.set(entry.record.id, {
        ...entry,
        versions: [...entry.versions, version],
        ...(vector ? { vector } : {}),
      });
      applied.push({ index, op, record: entry.record });
    };
    for (const { index, op } of ops) {
      if (op.op === 'add') {
        const key = holderKey(scope, op.layer, op.text);
        const holder = holderOf(key);
        if (holder !== undefined) {
          rejected.push(duplicate(index, holder));
          continue;
        }
        const record: MemoryRecord = {
          id: crypto.randomUUID(),
          scope: structuredClone(scope),
          layer: op.layer,
          text: op.text,
          salience: op.salience,
          provenance: { ...provenance },
          createdAt: at,
          updatedAt: at,
          ...(op.context === undefined ? {} : { context: op.context }),
          ...(op.metadata === undefined
            ? {}
            : { metadata: JSON.parse(JSON.stringify(op.metadata)) }),
        };
        holders.set(key, record.id);
        this.#sequence += 1;
        const entry = { record, live: true, versions: [], sequence: this.#sequence };
        stage(entry, versionOf(record, 1, 'created', at), index, 'add');
        continue;
      }
      const current = visible(op.id);
      if (!current) {
        rejected.push({
          index,
          code: RejectionCode.unknownId,
          reason: `no memory "${op.id}" is visible to this scope`,
        });
        continue;
      }
      const { record: old } = current;
      const number = current.versions.length + 1;
      if (op.op === 'delete') {
        holders.set(holderKey(old.scope, old.layer, old.text), undefined);
        const entry = { ...current, live: false };
        stage(entry, versionOf(old, number, 'deleted', at, provenance), index, 'delete');
        continue;
      }
      const key = holderKey(old.scope, old.layer, op.text);
      const holder = holderOf(key);
      if (holder !== undefined && holder !== op.id) {
        rejected.push(duplicate(index, holder));
        continue;
      }
      const record: MemoryRecord = {
        ...old,
        text: op.text,
        salience: op.salience ?? old.salience,
        provenance: { ...provenance },
        updatedAt: at,
      };
      if (op.context === null) delete record.context;
      else if (op.context !== undefined) record.context = op.context;
      holders.set(holderKey(old.scope, old.layer, old.text), undefined);
      holders.set(key, op.id);
      const { vector: _stale, ...kept } = current;
      stage({ ...kept, record }, versionOf(record, number, 'updated', at), index, 'update');
    }
    for (const [id, entry] of staged) this.#memories.set(id, entry);
    for (const [key, id] of holders) {
      if (id === undefined) this.#holders.delete(key);
      else this.#holders.set(key, id);
    }
    return { applied, rejected };
  }

  async rankCandidates(request: RankRequest): Promise<RankedCandidates> {
    const { query, window, capped, cueVector } = request;
    const seen = [...this.#memories.values()].filter(
      (entry) =>
        entry.live &&
        isVisible(entry.record.scope, query.scope) &&
        (query.layers === undefined || query.layers.includes(entry.record.layer)),
    );
    const degradations: Degradation[] = [];
    let unread = 0;
    const cut = (ranked: ScoredMemory[]) => {
      ranked.sort(compareCandidates);
      unread = Math.max(unread, ranked.length - window);
      return ranked.slice(0, window);
    };
    const byVector = () =>
      cut(
        seen.flatMap((entry) => {
          const cosine = entry.vector && cueVector && cosineSimilarity(cueVector, entry.vector);
          return cosine !== undefined && cosine > 0
            ? [{ record: entry.record, relevance: cosine }]
            : [];
        }),
      );
    let ranked: readonly ScoredMemory[];
    if (cueVector && this.#weights.lexical === 0) ranked = byVector();
    else {
      const terms = [...new Set(words(query.cue))];
      if (terms.length > Limits.cueTerms) degradations.push(cueTermsShortened(terms.length));
      const lexical = cut(bm25(seen, terms.slice(0, Limits.cueTerms)));
      if (cueVector && this.#weights.vector > 0) {
        const nearest = byVector();
        ranked = fuseRankings(
          {
            records: lexical.map(({ record }) => record),
            scores: lexical.map(({ relevance }) => relevance),
          },
          {
            records: nearest.map(({ record }) => record),
            similarities: nearest.map(({ relevance }) => relevance),
          },
          this.#weights,
        );
      } else ranked = lexical;
    }
    if (unread > 0 && (capped || window === this.scanBudget)) {
      degradations.push({
        code: DegradationCode.scanBudgetSpent,
        detail: `more than ${window} memories matched the cue: only the best ${window} were ranked`,
      });
    }
    const candidates = ranked.map((candidate) => {
      const vector = this.#memories.get(candidate.record.id)?.vector;
      return cueVector && vector
        ? { ...candidate, similarity: similarityOf(cosineSimilarity(cueVector, vector)) }
        : candidate;
    });
    return { candidates, degradations };
  }

  async pinned(
    scope: MemoryScope,
    minSalience: number,
    limit: number,
  ): Promise<readonly MemoryRecord[]> {
    return [...this.#memories.values()]
      .filter(
        ({ record, live }) =>
          live &&
          record.layer === 'semantic' &&
          record.salience >= minSalience &&
          isVisible(record.scope, scope),
      )
      .map(({ record }) => record)
      .sort(
        (left, right) =>
          right.updatedAt.getTime() - left.updatedAt.getTime() || (left.id < right.id ? -1 : 1),
      )
      .slice(0, limit)
      .map((record) => structuredClone(record));
  }

  async get(scope: MemoryScope, id: string): Promise<MemoryRecord | undefined> {
    const entry = this.#memories.get(id);
    return entry?.live && isVisible(entry.record.scope, scope)
      ? structuredClone(entry.record)
      : undefined;
  }

  async list(scope: MemoryScope, options: BackendListOptions): Promise<MemoryPage> {
    const { cursor, layer, limit } = options;
    if (cursor !== undefined && !/^[1-9][0-9]{0,14}$/.test(cursor)) {
      throw new InvalidMemoryInput('invalid list cursor: it was not issued by this store');
    }
    const after = Number(cursor ?? 0);
    const rows = [...this.#memories.values()]
      .filter(
        (entry) =>
          entry.live &&
          entry.sequence > after &&
          isVisible(entry.record.scope, scope) &&
          (layer === undefined || entry.record.layer === layer),
      )
      .sort((left, right) => left.sequence - right.sequence);
    const page = rows.slice(0, limit);
    const records = page.map((entry) => structuredClone(entry.record));
    const last = page.at(-1);
    return rows.length > limit && last
      ? { records, nextCursor: String(last.sequence) }
      : { records };
  }

  async listDeleted(
    scope: MemoryScope,
    cursor: string | undefined,
    limit: number,
  ): Promise<readonly string[]> {
    return [...this.#memories.values()]
      .filter(
        (entry) =>
          !entry.live &&
          sameScope(entry.record.scope, scope) &&
          (cursor === undefined || entry.record.id > cursor),
      )
      .map((entry) => entry.record.id)
      .sort()
      .slice(0, limit + 1);
  }

  async history(scope: MemoryScope, id: string): Promise<readonly MemoryVersion[]> {
    const entry = this.#memories.get(id);
    return entry && isVisible(entry.record.scope, scope) ? structuredClone(entry.versions) : [];
  }

  async changes(
    scope: MemoryScope,
    read: FeedRead<ChangePosition>,
  ): Promise<readonly MemoryChange[]> {
    const { after } = read;
    return [...this.#memories.values()]
      .filter((entry) => isVisible(entry.record.scope, scope))
      .flatMap((entry) =>
        entry.versions.map((version) => ({
          ...structuredClone(version),
          scope: structuredClone(entry.record.scope),
        })),
      )
      .filter((change) => after === undefined || compareChanges(change, after) > 0)
      .sort(compareChanges)
      .slice(0, read.limit + 1);
  }

  async scopes(scope: MemoryScope, read: FeedRead<MemoryScope>): Promise<readonly ScopeSummary[]> {
    const summaries = new Map<string, ScopeSummary>();
    const note = (at: MemoryScope, counts: Partial<ScopeSummary>, time: Date) => {
      if (!isWithin(at, scope)) return;
      const key = JSON.stringify(at);
      const held = summaries.get(key) ?? {
        scope: structuredClone(at),
        memories: 0,
        deleted: 0,
        turns: 0,
        lastActivity: time,
      };
      summaries.set(key, {
        scope: held.scope,
        memories: held.memories + (counts.memories ?? 0),
        deleted: held.deleted + (counts.deleted ?? 0),
        turns: held.turns + (counts.turns ?? 0),
        lastActivity: time > held.lastActivity ? time : held.lastActivity,
      });
    };
    for (const entry of this.#memories.values()) {
      const last = new Date(Math.max(...entry.versions.map((version) => version.at.getTime())));
      note(entry.record.scope, entry.live ? { memories: 1 } : { deleted: 1 }, last);
    }
    for (const entry of this.#turns) note(entry.scope, { turns: 1 }, entry.at);
    return [...summaries.values()]
      .filter((summary) => read.after === undefined || compareScopes(summary.scope, read.after) > 0)
      .sort((left, right) => compareScopes(left.scope, right.scope))
      .slice(0, read.limit + 1);
  }

  async turns(scope: MemoryScope, read: FeedRead<TurnPosition>): Promise<readonly FeedTurn[]> {
    const { after } = read;
    const position = (entry: TurnEntry) => ({
      scope: entry.scope,
      turn: entry.turn.turn,
      arrival: entry.arrival,
    });
    return this.#turns
      .filter((entry) => isWithin(entry.scope, scope))
      .filter((entry) => after === undefined || comparePositions(position(entry), after) > 0)
      .sort((left, right) => comparePositions(position(left), position(right)))
      .slice(0, read.limit + 1)
      .map((entry) => ({
        turn: { ...entry.turn, scope: structuredClone(entry.scope), at: new Date(entry.at) },
        arrival: entry.arrival,
      }));
  }

  async restore(
    _scope: MemoryScope,
    entries: RestoreEntries,
    vectors: TextVectors | undefined,
  ): Promise<RestoreResult> {
    const staged = new Map<string, Entry>();
    const holders = new Map<string, string | undefined>();
    const holderOf = (key: string) =>
      holders.has(key) ? holders.get(key) : this.#holders.get(key);
    const memories = entries.memories.map((restored): RestoreOutcome => {
      const held = staged.get(restored.id) ?? this.#memories.get(restored.id);
      if (staged.has(restored.id)) {
        return {
          status: 'refused',
          code: 'conflict',
          reason: `memory "${restored.id}" appears twice in one batch with different histories`,
        };
      }
      const decision = decideRestore(
        held && {
          sameScope: sameScope(held.record.scope, restored.scope),
          versions: held.versions,
          live: held.live,
          metadata: held.record.metadata,
        },
        restored,
      );
      if (decision.kind === 'done') return decision.outcome;
      const versions = restored.versions as readonly MemoryVersion[];
      const first = versions[0] as MemoryVersion;
      const last = versions.at(-1) as MemoryVersion;
      const live = last.change !== 'deleted';
      const final = live ? last : (versions.at(-2) ?? first);
      const key = holderKey(restored.scope, last.layer, last.text);
      if (live) {
        const holder = holderOf(key);
        if (holder !== undefined && holder !== restored.id) {
          return {
            status: 'refused',
            code: 'duplicate',
            reason: `memory "${holder}" already holds this text in this scope and layer`,
          };
        }
      }
      const record: MemoryRecord = {
        id: restored.id,
        scope: structuredClone(restored.scope),
        layer: final.layer,
        text: final.text,
        salience: final.salience,
        provenance: { ...final.provenance },
        createdAt: new Date(first.at),
        updatedAt: new Date(final.at),
        ...(final.context === undefined ? {} : { context: final.context }),
        ...(restored.metadata === undefined
          ? {}
          : { metadata: JSON.parse(JSON.stringify(restored.metadata)) }),
      };
      if (held?.live)
        holders.set(holderKey(held.record.scope, held.record.layer, held.record.text), undefined);
      if (live) holders.set(key, restored.id);
      if (held === undefined) this.#sequence += 1;
      const vector = live ? vectors?.get(last.text) : undefined;
      staged.set(restored.id, {
        record,
        live,
        versions: structuredClone(versions),
        sequence: held?.sequence ?? this.#sequence,
        ...(vector ? { vector } : {}),
      });
      return { status: 'imported' };
    });
    const newTurns: TurnEntry[] = [];
    const turns = entries.turns.map((turn): RestoreOutcome => {
      const here = [...this.#turns, ...newTurns].filter((entry) =>
        sameScope(entry.scope, turn.scope),
      );
      const logged = here.find((entry) => entry.turn.turnId === turn.turnId);
      if (logged && newTurns.includes(logged)) return { status: 'present' };
      const outcome = decideTurnRestore(logged && { ...logged.turn, at: logged.at }, turn);
      if (outcome.status === 'imported') {
        newTurns.push({
          scope: structuredClone(turn.scope),
          turn: { turnId: turn.turnId, speaker: turn.speaker, text: turn.text, turn: turn.turn },
          at: new Date(turn.at),
          arrival: here.length,
        });
      }
      return outcome;
    });
    for (const [id, entry] of staged) {
      this.#memories.set(id, entry);
      for (const version of entry.versions)
        this.#clock = Math.max(this.#clock, version.at.getTime());
    }
    for (const [key, id] of holders) {
      if (id === undefined) this.#holders.delete(key);
      else this.#holders.set(key, id);
    }
    this.#turns.push(...newTurns);
    return { memories, turns };
  }

  async forget(scope: MemoryScope): Promise<ForgetResult> {
    let memories = 0;
    for (const [id, entry] of this.#memories) {
      if (!isWithin(entry.record.scope, scope)) continue;
      this.#memories.delete(id);
      if (entry.live)
        this.#holders.delete(holderKey(entry.record.scope, entry.record.layer, entry.record.text));
      memories += 1;
    }
    const before = this.#turns.length;
    this.#turns = this.#turns.filter((entry) => !isWithin(entry.scope, scope));
    return { memories, turns: before - this.#turns.length };
  }

  async close(): Promise<void> {
    this.#memories.clear();
    this.#holders.clear();
    this.#turns = [];
  }

  /** A clock that never goes backwards, so versions stay in order. */
  #now(): Date {
    this.#clock = Math.max(Date.now(), this.#clock);
    return new Date(this.#clock);
  }
}

function duplicate(index: number, existingId: string): RejectedOp {
  return {
    index,
    code: RejectionCode.duplicate,
    reason: `memory "${existingId}" already holds this text in this scope and layer`,
    existingId,
  };
}

function versionOf(
  record: MemoryRecord,
  version: number,
  change: MemoryVersion['change'],
  at: Date,
  provenance: Provenance = record.provenance,
): MemoryVersion {
  return {
    memoryId: record.id,
    version,
    change,
    layer: record.layer,
    text: record.text,
    ...(record.context === undefined ? {} : { context: record.context }),
    salience: record.salience,
    provenance: { ...provenance },
    at,
  };
}

function byTurn(left: TurnEntry, right: TurnEntry): number {
  return left.turn.turn - right.turn.turn || left.arrival - right.arrival;
}

function comparePositions(left: TurnPosition, right: TurnPosition): number {
  return (
    compareScopes(left.scope, right.scope) || left.turn - right.turn || left.arrival - right.arrival
  );
}

/**
 * BM25 of every memory holding a cue term, over the statistics of `seen`
 * alone (so a memory the asking scope cannot see never moves a score); a
 * context's words count at core's `contextWeight`.
 */
function bm25(seen: readonly Entry[], terms: readonly string[]): ScoredMemory[] {
  const k1 = 1.2;
  const b = 0.75;
  const counted = seen.map((entry) => {
    const counts = new Map<string, number>();
    for (const word of words(entry.record.text)) counts.set(word, (counts.get(word) ?? 0) + 1);
    const context = words(entry.record.context ?? '');
    for (const word of context) counts.set(word, (counts.get(word) ?? 0) + contextWeight);
    const length = words(entry.record.text).length + context.length * contextWeight;
    return { record: entry.record, counts, length };
  });
  const average = counted.reduce((sum, row) => sum + row.length, 0) / Math.max(1, counted.length);
  const holding = new Map(
    terms.map((term) => [term, counted.filter((row) => row.counts.has(term)).length]),
  );
  return counted.flatMap(({ record, counts, length }) => {
    let relevance = 0;
    for (const term of terms) {
      const frequency = counts.get(term) ?? 0;
      if (frequency === 0) continue;
      const held = holding.get(term) ?? 0;
      const rarity = Math.log(1 + (counted.length - held + 0.5) / (held + 0.5));
      relevance +=
        (rarity * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / average));
    }
    return relevance > 0 ? [{ record, relevance }] : [];
  });
}
