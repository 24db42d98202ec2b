import {
  type CandidateSource,
  type Degradation,
  DegradationCode,
  type Dropped,
  type MemoryScope,
  MemoryUnavailable,
  type PinnedMemorySource,
  parseInput,
  toScope,
} from '@symfonic/core';
import { z } from 'zod';
import type { MemoryBlock } from '../render/memory-block.js';
import { renderMemoryBlock } from '../render/render-memory-block.js';
import type { RerankOptions } from '../rerank/rerank-options.js';
import { type PinnedFacts, pinnedFacts } from './pinned-facts.js';
import { type RecallResult, type RelevanceScorer, recall } from './recall.js';
import type { RecallOptions } from './recall-options.js';
import { shortenCue } from './shorten-cue.js';
import type { WindowReader } from './working-window.js';

const cueSchema = z.string();

/** What one hydration reads from and how it ranks. */
export interface HydrationSetup {
  /** Reads the working window at the scope hydrate passes on (see `scopeParsedByStore`). */
  readonly window: WindowReader;
  readonly source: CandidateSource;
  /** Where pinned facts are read; without it none are, and `no-pinned-source` says so. */
  readonly pinned?: PinnedMemorySource;
  readonly recall: RecallOptions;
  readonly now: Date;
  readonly relevance?: RelevanceScorer;
  /** The reranking stage of recall; without it, recall does not rerank. */
  readonly rerank?: RerankOptions;
  /**
   * True when `source` and `pinned` are a store built by core's
   * `defineStore`, which checked every row it answered against the scope:
   * recall and pinning then do not check them again.
   */
  readonly answersChecked?: boolean;
  /**
   * True when the store is one `defineStore` built and this hydration asks it
   * at least once (the window, recall or pinning is on): each of the kit's
   * calls parses the scope it is given, so hydrate passes the scope on as
   * given rather than parsing it before them. Otherwise hydrate parses it
   * itself, so that a malformed scope is refused on every path, whatever is
   * switched off, and parsed once on each.
   */
  readonly scopeParsedByStore?: boolean;
}

/** What a hydration without a pinned source pins: nothing, saying so unless pinning is off. */
function withoutPinnedSource(limit: number): PinnedFacts {
  return {
    memories: [],
    cut: [],
    degradations:
      limit === 0
        ? []
        : [
            {
              code: DegradationCode.noPinnedSource,
              detail:
                'the store has no pinned(): facts that must come back whatever the cue come back only when recall finds them',
            },
          ],
  };
}

/** `promise`, or the `MemoryUnavailable` it failed with; any other failure is rethrown. */
function orUnavailable<Result>(promise: Promise<Result>): Promise<Result | MemoryUnavailable> {
  return promise.then(
    (result) => result,
    (error: unknown) => {
      if (MemoryUnavailable.isInstance(error)) return error;
      throw error;
    },
  );
}

/**
 * Build the memory block for one model call: the working window, recall
 * (see `recall`) and the pinned facts (see `pinnedFacts`) are read side by
 * side, then rendered (see `renderMemoryBlock`): the pinned facts first
 * among the semantic lines, newest first, then the recalled memories. A
 * memory both pinned and recalled renders once, as pinned; a pinned fact the
 * pinned cap cut is reported in `dropped` unless recall brought it. A part
 * failing with `MemoryUnavailable` is left empty and reported in `degraded`
 * with the error's message; the others still render. A cue over
 * `Limits.cueText` characters is recalled for its first that many, reported
 * as `cue-shortened` in `degraded.conditions` (see `shortenCue`): hydrate
 * never refuses a cue that `record` accepted.
 *
 * @throws InvalidMemoryInput when `scope` is malformed or `cue` is not a string.
 * @throws ScopeViolation when the store answered a row outside `scope`: a
 * security failure is never degraded.
 * @throws anything else a port throws that is not `MemoryUnavailable`.
 */
export async function hydrate(
  setup: HydrationSetup,
  scope: MemoryScope,
  cue: string,
): Promise<MemoryBlock> {
  const asking = setup.scopeParsedByStore ? scope : toScope(scope);
  const shortened = shortenCue(parseInput(cueSchema, cue, 'cue'));
  const recalling = orUnavailable<RecallResult>(
    recall(setup.source, { scope: asking, cue: shortened.cue }, setup.recall, {
      now: setup.now,
      ...(setup.relevance ? { relevance: setup.relevance } : {}),
      ...(setup.rerank ? { rerank: setup.rerank } : {}),
      ...(setup.answersChecked ? { answersChecked: true } : {}),
    }),
  );
  const pinning = orUnavailable<PinnedFacts>(
    setup.pinned
      ? pinnedFacts(setup.pinned, asking, setup.recall.pinned, setup.answersChecked === true)
      : Promise.resolve(withoutPinnedSource(setup.recall.pinned.limit)),
  );
  const [working, recalled, pinned] = await Promise.all([setup.window(asking), recalling, pinning]);

  const conditions: Degradation[] = shortened.degradation ? [shortened.degradation] : [];
  if (working.failure) {
    conditions.push({ code: 'working-unavailable', detail: working.failure.message });
  }
  const recallFailed = MemoryUnavailable.isInstance(recalled);
  if (recallFailed) {
    conditions.push({ code: 'recall-unavailable', detail: recalled.message });
  } else {
    conditions.push(...recalled.degradations);
  }
  const pinnedFailed = MemoryUnavailable.isInstance(pinned);
  if (pinnedFailed) {
    conditions.push({ code: 'pinned-unavailable', detail: pinned.message });
  } else {
    conditions.push(...pinned.degradations);
  }

  const pinnedMemories = pinnedFailed ? [] : pinned.memories;
  const pinnedIds = new Set(pinnedMemories.map(({ record }) => record.id));
  const recalledMemories = recallFailed
    ? []
    : recalled.memories.filter(({ record }) => !pinnedIds.has(record.id));
  const inBlock = new Set([...pinnedIds, ...recalledMemories.map(({ record }) => record.id)]);
  const dropped: Dropped[] = [...working.dropped];
  // A memory recall left out but the block holds as pinned was not left out.
  if (!recallFailed) dropped.push(...recalled.dropped.filter(({ id }) => !inBlock.has(id)));
  if (!pinnedFailed) dropped.push(...pinned.cut.filter(({ id }) => !inBlock.has(id)));

  const rendered = renderMemoryBlock(
    [...pinnedMemories.map((memory) => ({ ...memory, pinned: true })), ...recalledMemories],
    working,
  );
  return {
    text: rendered.text,
    working,
    recalled: rendered.recalled,
    refs: rendered.refs,
    dropped,
    degraded: { working: working.degraded, recall: recallFailed, pinned: pinnedFailed, conditions },
  };
}
