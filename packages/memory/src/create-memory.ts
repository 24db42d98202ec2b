import {
  type CandidateSource,
  type ConversationLog,
  type ConversationSource,
  type ConversationTurn,
  type ConversationTurnInput,
  conversationTurnInputSchema,
  type EmbeddingProvider,
  formatScope,
  isDefinedStore,
  type MemoryOpInput,
  type MemoryScope,
  type MemoryStore,
  type MemoryWriter,
  type PinnedMemorySource,
  type Provenance,
  parseInput,
  provenanceSchema,
  requireOpList,
  toScope,
} from '@symfonic/core';
import { embeddingRelevance } from './hydrate/embedding-relevance.js';
import { hydrate } from './hydrate/hydrate.js';
import { type RecallOptionsInput, resolveRecallOptions } from './hydrate/recall-options.js';
import { workingWindowReader } from './hydrate/working-window.js';
import {
  type ImportedTurn,
  type ImportOptions,
  type ImportOutcome,
  type ImportPorts,
  importConversation,
} from './import/import-conversation.js';
import { type InstructionsOptions, instructions } from './instructions.js';
import { MissingMemoryPort } from './missing-memory-port.js';
import { type RememberOptions, remember } from './remember/remember.js';
import type { RememberOutcome } from './remember/remember-outcome.js';
import {
  type BranchApplyResult,
  type BranchWritePorts,
  type WritePolicy,
  writeInBranch,
} from './remember/write-in-branch.js';
import type { MemoryBlock } from './render/memory-block.js';
import { type RerankOptionsInput, resolveRerankOptions } from './rerank/rerank-options.js';
import type { MemoryTelemetry } from './telemetry/memory-telemetry.js';
import {
  hydrateAttributes,
  importAttributes,
  rememberAttributes,
} from './telemetry/span-outcomes.js';
import { traceMemoryOperation } from './telemetry/trace-memory-operation.js';

/**
 * The ports a memory uses, each needed only by the methods that use it:
 * `append` by `record`; `recent` by `hydrate` (unless `working.recentTurns`
 * is 0); `scanCandidates` by `hydrate` (unless `recall.limit` is 0);
 * `pinned` by `hydrate` for pinned facts (without it, `hydrate` reports
 * `no-pinned-source` and pins nothing); `apply` by `remember` and
 * `applyModelOps`, with `get` when a model updates or deletes (to keep
 * ancestors' memories read-only, unless `writes.ancestors`); `apply`,
 * `list`, `listDeleted` and `history` by `importConversation`. Every store of this project has them all; a
 * `LegacyRetrievalPort` has `scanCandidates` only, enough for recall.
 */
export type MemoryPorts = Partial<
  ConversationLog &
    ConversationSource &
    CandidateSource &
    PinnedMemorySource &
    MemoryWriter &
    Pick<MemoryStore, 'list' | 'get' | 'listDeleted' | 'history'>
>;

/** Options of {@link createMemory}. */
export interface MemoryOptions {
  /**
   * Where turns and memories are read and written. A store built by core's
   * `defineStore` (every Symfonic store) is trusted: it parses scopes and
   * turns and checks every row it answers against the asking scope, so
   * `record` and `hydrate` do not do it again. Any other object (a
   * hand-written store, a wrapper) has its inputs parsed and its answers
   * checked here.
   */
  readonly store: MemoryPorts;
  /**
   * When given, recall's relevance is the cosine similarity of cue and memory
   * (-1 to 1, one scale whatever the store): the one the store answered
   * (`ScoredMemory.similarity`, when it ranked by vectors), else computed
   * with this embedder, caching memory vectors by text. Without it,
   * relevance is the store's own score.
   */
  readonly embedder?: EmbeddingProvider;
  /** The working window: `recentTurns` (default 8; 0 reads none) and `excludeSpeakers` (default none). */
  readonly working?: {
    readonly recentTurns?: number;
    readonly excludeSpeakers?: readonly string[];
  };
  /** The recall gates and ranking; see {@link RecallOptionsInput} for every default. */
  readonly recall?: RecallOptionsInput;
  /**
   * When given, recall reranks its top candidates with `rerank.reranker`
   * before the character caps and the limit (see {@link RerankOptionsInput}
   * for the defaults); a failed rerank keeps recall's own order and is
   * reported as `rerank-failed` in `degraded.conditions`, never thrown.
   */
  readonly rerank?: RerankOptionsInput;
  /** The time recency is measured against; default `() => new Date()`. */
  readonly clock?: () => Date;
  /**
   * OpenTelemetry spans for `hydrate`, `remember` and `importConversation`
   * (see {@link MemoryTelemetry}): on by default, a no-op until the app
   * installs a tracer provider; counts, codes and durations only, unless
   * the app opts in to inputs and outputs.
   */
  readonly telemetry?: MemoryTelemetry;
  /**
   * What a model may change through this memory (`remember`, `applyModelOps`, and every
   * surface built on them). By default a model writing at a scope may update or delete only
   * memories at that scope or below it: a memory kept at an ancestor (a tenant's or a team's,
   * read by every scope below it) is read-only to it, refused as `ancestor-read-only`.
   * `{ ancestors: true }` lets a model change those too. The store's own `apply`, for the
   * app, is never limited.
   */
  readonly writes?: WritePolicy;
}

/** The memory loop for an agent: record, hydrate, remember. */
export interface Memory {
  /**
   * Log one conversation turn at `scope` (a `turnId` already logged there is
   * a no-op). Leave `turn` out and the store numbers it: the next position of
   * the conversation, atomically, so concurrent chats never share a number.
   *
   * @returns the turn as logged, with its number.
   * @throws InvalidMemoryInput when the scope or turn is malformed.
   * @throws MissingMemoryPort when the store has no `append`.
   * @throws MemoryUnavailable when the log cannot be reached.
   */
  record(scope: MemoryScope, turn: ConversationTurnInput): Promise<ConversationTurn>;
  /**
   * The memory block for the next model call at `scope`, recalled for `cue`
   * (see {@link MemoryBlock}). A half whose store is unreachable is empty and
   * reported in `degraded`, never thrown.
   *
   * A cue over `Limits.cueText` characters (a long turn) is recalled for its
   * first that many, reported as `cue-shortened` in `degraded.conditions`.
   *
   * @throws InvalidMemoryInput when the scope is malformed or the cue is not a string.
   * @throws MissingMemoryPort when the store lacks `recent` or `scanCandidates` and the options need it.
   * @throws ScopeViolation when the store answered a row outside `scope`.
   */
  hydrate(scope: MemoryScope, cue: string): Promise<MemoryBlock>;
  /**
   * Write what a model reply decided to remember at `scope` (see {@link RememberOutcome}).
   *
   * @throws InvalidMemoryInput when the scope, provenance or refs are malformed.
   * @throws MissingMemoryPort when the store has no `apply`.
   * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
   */
  remember(scope: MemoryScope, reply: unknown, options: RememberOptions): Promise<RememberOutcome>;
  /**
   * Write ops a model asked for through a surface that names memories by id
   * itself (an MCP tool that resolved a ref or took an id), under the rules
   * every model write follows (see `writeInBranch`): an update or delete of a
   * memory at an ancestor of `scope` is refused as `ancestor-read-only`
   * unless the memory was built with `writes: { ancestors: true }`. Every op
   * ends up applied or rejected, by its index in `ops`.
   *
   * @throws InvalidMemoryInput when the scope, the provenance or the op list is malformed.
   * @throws MissingMemoryPort when the store has no `apply` (or no `get`, for an update or delete).
   * @throws ScopeViolation when the store answered a memory outside `scope`.
   * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
   */
  applyModelOps(
    scope: MemoryScope,
    ops: readonly MemoryOpInput[],
    provenance: Provenance,
  ): Promise<BranchApplyResult>;
  /**
   * Import a conversation's turns at `scope` as episodic memories, one per
   * turn, each with the turns before it as its context, idempotent by turn
   * id, in batches, every turn accounted for (see `importConversation`).
   *
   * @throws InvalidMemoryInput when the scope, the turns or an option is malformed.
   * @throws MissingMemoryPort when the store has no `apply`, `list`, `listDeleted` or `history`.
   * @throws MemoryUnavailable when the store cannot be reached; the batches before it are written.
   */
  importConversation(
    scope: MemoryScope,
    turns: readonly ImportedTurn[],
    options?: ImportOptions,
  ): Promise<ImportOutcome>;
  /**
   * The system-prompt text that teaches a model the block and the ops format, through the
   * answer text (the default) or the memory tool (`channel: 'tool-call'`); see `instructions`.
   */
  instructions(options?: InstructionsOptions): string;
}

/**
 * Build the memory loop over `store`.
 *
 * @throws InvalidMemoryInput when a working, recall or rerank option is out of range,
 * or the embedder's `fusionMargin` is not a finite number above 0.
 */
export function createMemory(options: MemoryOptions): Memory {
  const { store } = options;
  const recallOptions = resolveRecallOptions(options.recall);
  const rerank = options.rerank ? resolveRerankOptions(options.rerank) : undefined;
  const recentTurns = options.working?.recentTurns ?? 8;
  const window = workingWindowReader({
    // hydrate checks that the store has `recent` before the window reads.
    source: { recent: (scope, limit) => (store as ConversationSource).recent(scope, limit) },
    recentTurns,
    excludeSpeakers: options.working?.excludeSpeakers ?? [],
  });
  const relevance = options.embedder ? embeddingRelevance(options.embedder) : undefined;
  const clock = options.clock ?? (() => new Date());
  const telemetry = options.telemetry ?? {};
  /** The scope as a span records it when inputs are recorded (a malformed one as it was given). */
  const scopeText = (scope: MemoryScope) => {
    try {
      return formatScope(scope);
    } catch {
      return 'malformed';
    }
  };
  const trusted = isDefinedStore(store);
  // Whether a hydration asks the store anything: only then do the kit's calls parse its scope.
  const hydrationAsksStore =
    recentTurns > 0 ||
    recallOptions.limit > 0 ||
    (store.pinned !== undefined && recallOptions.pinned.limit > 0);
  const writes: WritePolicy = { ancestors: options.writes?.ancestors === true };
  const writer = (neededBy: string): BranchWritePorts => {
    if (!store.apply) {
      throw new MissingMemoryPort({ method: 'apply', port: 'MemoryWriter', neededBy });
    }
    return store as BranchWritePorts;
  };

  return {
    async record(scope, turn) {
      if (!store.append) {
        throw new MissingMemoryPort({
          method: 'append',
          port: 'ConversationLog',
          neededBy: 'record',
        });
      }
      // A store built by defineStore parses the scope and turn as this would.
      if (trusted) return store.append(scope, turn);
      const asking = toScope(scope);
      const valid = parseInput(conversationTurnInputSchema, turn, 'conversation turn');
      return store.append(asking, valid);
    },

    async hydrate(scope, cue) {
      if (recentTurns > 0 && !store.recent) {
        throw new MissingMemoryPort({
          method: 'recent',
          port: 'ConversationSource',
          neededBy: 'the working window of hydrate (set working.recentTurns to 0 to go without)',
        });
      }
      if (recallOptions.limit > 0 && !store.scanCandidates) {
        throw new MissingMemoryPort({
          method: 'scanCandidates',
          port: 'CandidateSource',
          neededBy: 'recall in hydrate (set recall.limit to 0 to go without)',
        });
      }
      const hydrating = () =>
        hydrate(
          {
            window,
            source: { scanCandidates: (query) => (store as CandidateSource).scanCandidates(query) },
            ...(store.pinned
              ? {
                  pinned: {
                    pinned: (scope, pinnedOptions) =>
                      (store as PinnedMemorySource).pinned(scope, pinnedOptions),
                  },
                }
              : {}),
            recall: recallOptions,
            now: clock(),
            ...(relevance ? { relevance } : {}),
            ...(rerank ? { rerank } : {}),
            ...(trusted ? { answersChecked: true } : {}),
            ...(trusted && hydrationAsksStore ? { scopeParsedByStore: true } : {}),
          },
          scope,
          cue,
        );
      return traceMemoryOperation(
        telemetry,
        'symfonic.hydrate',
        () => ({
          'symfonic.scope': scopeText(scope),
          'symfonic.cue': typeof cue === 'string' ? cue : '',
        }),
        hydrating,
        (block) => hydrateAttributes(block, telemetry),
      );
    },

    async remember(scope, reply, rememberOptions) {
      return traceMemoryOperation(
        telemetry,
        'symfonic.remember',
        () => ({ 'symfonic.scope': scopeText(scope) }),
        () => remember(writer('remember'), scope, reply, rememberOptions, writes),
        rememberAttributes,
      );
    },

    async applyModelOps(scope, ops, provenance) {
      const ports = writer('applyModelOps');
      const asking = toScope(scope);
      const list = requireOpList(ops);
      const valid = parseInput(provenanceSchema, provenance, 'provenance');
      return writeInBranch(ports, asking, list, valid, writes);
    },

    async importConversation(scope, turns, importOptions) {
      for (const method of ['apply', 'list', 'listDeleted', 'history'] as const) {
        if (!store[method]) {
          throw new MissingMemoryPort({
            method,
            port: method === 'apply' ? 'MemoryWriter' : 'MemoryStore',
            neededBy: 'importConversation',
          });
        }
      }
      return traceMemoryOperation(
        telemetry,
        'symfonic.importConversation',
        () => ({ 'symfonic.scope': scopeText(scope) }),
        () => importConversation(store as ImportPorts, scope, turns, importOptions),
        importAttributes,
      );
    },

    instructions,
  };
}
