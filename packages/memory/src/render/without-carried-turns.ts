import { type Dropped, flatten } from '@symfonic/core';
import type { MemoryBlock } from './memory-block.js';
import { renderMemoryBlock } from './render-memory-block.js';

/** The reason a working turn the prompt already holds is left out of the block. */
export const carriedTurnReason = 'the prompt already carries this turn';

/** The text a turn is compared by when a prompt may carry it: flattened to one line, trimmed. */
export const comparableText = (text: string): string => flatten(text).trim();

/**
 * `block` without the working turns whose text the prompt already carries
 * (`carried` holds the prompt's user and assistant texts, each through
 * {@link comparableText}), re-rendered, each left-out turn in the working
 * window's and the block's `dropped` with {@link carriedTurnReason}: an
 * integration that adds the block to a prompt holding the conversation so far
 * says no turn twice. The recalled memories and their refs are unchanged.
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
