import type { Degradation, Dropped } from '@symfonic/core';
import type { RankedMemory } from './rank-candidates.js';
import type { WorkingContext } from './working-window.js';

/** A recalled memory with the ref it renders under in this block (`#1`, `#2`…). */
export interface RecalledMemory extends RankedMemory {
  readonly ref: string;
}

/** Which half of a hydration failed, and the conditions that weakened it. */
export interface HydrationDegradation {
  /** The conversation log could not be read: the block has no working lines. */
  readonly working: boolean;
  /** Recall failed (store or embedder unreachable): the block has no recalled lines. */
  readonly recall: boolean;
  /**
   * `cue-shortened` when the cue was over `Limits.cueText` characters and
   * recall used its first that many; one entry per failed half
   * (`working-unavailable`, `recall-unavailable`, with the error's message);
   * then the conditions the store's scan reported (e.g. `no-embedder`,
   * `no-vector-index`).
   */
  readonly conditions: readonly Degradation[];
}

/** What `hydrate` builds for one model call. */
export interface MemoryBlock {
  /**
   * The block to put in the prompt: semantic lines, then episodic, then the
   * working window, one item per line (`[semantic #1] …`, `[working] user: …`);
   * `''` when there is nothing. The same inputs give byte-identical text.
   */
  readonly text: string;
  /** The working window as read. */
  readonly working: WorkingContext;
  /** The recalled memories in render order (semantic, then episodic; best first in each). */
  readonly recalled: readonly RecalledMemory[];
  /** Each ref of the text to its memory id; pass it to `remember` with the reply. */
  readonly refs: Readonly<Record<string, string>>;
  /** Every row left out, working turns first, then recall's, each with its reason. */
  readonly dropped: readonly Dropped[];
  readonly degraded: HydrationDegradation;
}
