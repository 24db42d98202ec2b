import type { Dropped } from '@symfonic/core';
import { type MemoryBlock, renderMemoryBlock } from '@symfonic/memory';
import { comparableText } from './read-prompt.js';

/** The reason a working turn the prompt already holds is left out of the block. */
export const carriedTurnReason = 'the prompt already carries this turn';

/**
 * `block` without the working turns whose text the prompt already carries
 * (compared flattened and trimmed), re-rendered, each left-out turn in the
 * working window's and the block's `dropped` with {@link carriedTurnReason}.
 * The recalled memories and their refs are unchanged.
 */
export function withoutCarriedTurns(block: MemoryBlock, carried: ReadonlySet<string>): MemoryBlock {
  const kept = block.working.turns.filter((turn) => !carried.has(comparableText(turn.text)));
  if (kept.length === block.working.turns.length) return block;
  const left: Dropped[] = block.working.turns
    .filter((turn) => !kept.includes(turn))
    .map((turn) => ({ id: turn.turnId, reason: carriedTurnReason }));
  const working = { ...block.working, turns: kept, dropped: [...block.working.dropped, ...left] };
  const rendered = renderMemoryBlock(block.recalled, working);
  return {
    ...block,
    text: rendered.text,
    working,
    dropped: [
      ...block.working.dropped,
      ...left,
      ...block.dropped.slice(block.working.dropped.length),
    ],
  };
}
