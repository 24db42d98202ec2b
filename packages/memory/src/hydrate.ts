import {
  type CandidateSource,
  type Degradation,
  type MemoryScope,
  MemoryUnavailable,
  parseInput,
  toScope,
} from '@symfonic/core';
import { z } from 'zod';
import type { MemoryBlock } from './memory-block.js';
import { type RecallResult, type RelevanceScorer, recall } from './recall.js';
import type { RecallOptions } from './recall-options.js';
import { renderMemoryBlock } from './render-memory-block.js';
import { shortenCue } from './shorten-cue.js';
import type { WorkingWindow } from './working-window.js';

const cueSchema = z.string();

/** What one hydration reads from and how it ranks. */
export interface HydrationSetup {
  readonly window: WorkingWindow;
  readonly source: CandidateSource;
  readonly recall: RecallOptions;
  readonly now: Date;
  readonly relevance?: RelevanceScorer;
}

/**
 * Build the memory block for one model call: the working window and recall
 * (see `recall`) run side by side, then render (see `renderMemoryBlock`).
 * Either half failing with `MemoryUnavailable` leaves that half empty and is
 * reported in `degraded` with the error's message; the other half still
 * renders. A cue over `Limits.cueText` characters is recalled for its first
 * that many, reported as `cue-shortened` in `degraded.conditions` (see
 * `shortenCue`): hydrate never refuses a cue that `record` accepted.
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
  const asking = toScope(scope);
  const shortened = shortenCue(parseInput(cueSchema, cue, 'cue'));
  const recalling = recall(setup.source, { scope: asking, cue: shortened.cue }, setup.recall, {
    now: setup.now,
    ...(setup.relevance ? { relevance: setup.relevance } : {}),
  }).then(
    (result): RecallResult | MemoryUnavailable => result,
    (error: unknown) => {
      if (MemoryUnavailable.isInstance(error)) return error;
      throw error;
    },
  );
  const [working, recalled] = await Promise.all([setup.window.read(asking), recalling]);

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
  const memories = recallFailed ? [] : recalled.memories;
  const rendered = renderMemoryBlock(memories, working);
  return {
    text: rendered.text,
    working,
    recalled: rendered.recalled,
    refs: rendered.refs,
    dropped: [...working.dropped, ...(recallFailed ? [] : recalled.dropped)],
    degraded: { working: working.degraded, recall: recallFailed, conditions },
  };
}
