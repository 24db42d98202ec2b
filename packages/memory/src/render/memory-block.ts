import type { Degradation, Dropped } from '@symfonic/core';
import type { RankedMemory } from '../hydrate/rank-candidates.js';
import type { WorkingContext } from '../hydrate/working-window.js';

/** A memory of the block with the ref it renders under in this block (`#1`, `#2`…). */
export interface RecalledMemory extends RankedMemory {
  readonly ref: string;
  /**
   * A pinned fact: in the block for its salience, whatever the cue (its
   * relevance is then 0 and its score its salience), else recalled for the cue.
   */
  readonly pinned: boolean;
}

/** Which half of a hydration failed, and the conditions that weakened it. */
export interface HydrationDegradation {
  /** The conversation log could not be read: the block has no working lines. */
  readonly working: boolean;
  /** Recall failed (store or embedder unreachable): the block has no recalled lines. */
  readonly recall: boolean;
  /** Reading the pinned facts failed (store unreachable): the block has no pinned lines. */
  readonly pinned: boolean;
  /**
   * `cue-shortened` when the cue was over `Limits.cueText` characters and
   * recall used its first that many; one entry per failed part
   * (`working-unavailable`, `recall-unavailable`, `pinned-unavailable`, with
   * the error's message); the conditions the store's scan reported (e.g.
   * `no-embedder`, `no-vector-index`), then `rerank-failed` when a reranker
   * was given and failed (recall kept its own order), then
   * `cue-matched-nothing` when recall could only match words and none
   * matched; `pinned-limit-reached` when
   * more facts qualified as pinned than the pinned limit.
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
  /** The memories of the block in render order: pinned facts (newest first), then recalled semantic, then episodic (best first in each). */
  readonly recalled: readonly RecalledMemory[];
  /** Each ref of the text to its memory id; pass it to `remember` with the reply. */
  readonly refs: Readonly<Record<string, string>>;
  /** Every row left out, working turns first, then recall's, then pinned facts the pinned cap cut, each with its reason. */
  readonly dropped: readonly Dropped[];
  readonly degraded: HydrationDegradation;
}
