import type { Degradation, MemoryScope } from '@symfonic/core';
import type { Memory } from '../create-memory.js';
import type { MemoryBlock } from '../render/memory-block.js';
import { failureMessage, isDegradableFailure } from './degradable-failure.js';

/** A block with nothing in it: what a call gets when memory could not build one. */
export const emptyMemoryBlock: MemoryBlock = {
  text: '',
  working: { turns: [], dropped: [], degraded: false },
  recalled: [],
  refs: {},
  dropped: [],
  degraded: { working: false, recall: false, pinned: false, conditions: [] },
};

/** What {@link hydrateWithinBudget} answers. */
export interface BudgetedBlock {
  /** The block, or {@link emptyMemoryBlock} when the call goes without one. */
  readonly block: MemoryBlock;
  /** `hydrate-timeout` or `hydrate-failed` when the call goes without the block; else empty. */
  readonly degraded: Degradation[];
  /**
   * Present after a timeout: the hydration still running, settling to its
   * failure (or `undefined`), so the surface can report a failure that
   * arrives late (a scope violation above all).
   */
  readonly late?: Promise<unknown>;
}

/**
 * `memory.hydrate(scope, cue)` within `budgetMs`: past the budget the call
 * goes without the block (`hydrate-timeout`, and `late` settles to the
 * hydration's failure, if any); a degradable failure (see
 * {@link isDegradableFailure}) is `hydrate-failed`.
 *
 * @throws ScopeViolation, MissingMemoryPort, or any failure that is not degradable.
 */
export async function hydrateWithinBudget(
  memory: Memory,
  scope: MemoryScope,
  cue: string,
  budgetMs: number,
): Promise<BudgetedBlock> {
  const hydrating = memory.hydrate(scope, cue);
  let timer: NodeJS.Timeout | undefined;
  const overBudget = new Promise<'over-budget'>((resolve) => {
    timer = setTimeout(() => resolve('over-budget'), budgetMs);
    timer.unref?.();
  });
  try {
    const settled = await Promise.race([hydrating, overBudget]);
    if (settled !== 'over-budget') return { block: settled, degraded: [] };
    const late = hydrating.then(
      () => undefined,
      (error: unknown) => error,
    );
    return {
      block: emptyMemoryBlock,
      degraded: [
        {
          code: 'hydrate-timeout',
          detail: `the block took longer than ${budgetMs} ms: the call went without it`,
        },
      ],
      late,
    };
  } catch (error) {
    if (!isDegradableFailure(error)) throw error;
    return {
      block: emptyMemoryBlock,
      degraded: [{ code: 'hydrate-failed', detail: failureMessage(error) }],
    };
  } finally {
    clearTimeout(timer);
  }
}
