import type { MemoryScope } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import { type Output, style } from './output.js';

/**
 * Print the block `hydrate` would build at `scope` for `cue`, and why each
 * candidate was or was not included: every recalled memory with its relevance
 * and ranking score, every dropped row with its reason. Nothing is written.
 */
export async function ask(
  output: Output,
  memory: Memory,
  scope: MemoryScope,
  cue: string,
): Promise<void> {
  const block = await memory.hydrate(scope, cue);
  output.heading(`The block for "${cue}"`);
  output.line(
    block.text === '' ? style.dim('(empty: nothing is remembered here yet)') : block.text,
  );
  output.heading('Why');
  for (const recalled of block.recalled) {
    output.detail(
      'included',
      `${recalled.ref} ${recalled.record.id}: relevance ${recalled.relevance.toFixed(3)}, salience ${recalled.record.salience}, score ${recalled.score.toFixed(3)}`,
    );
  }
  for (const turn of block.working.turns)
    output.detail('included', `working turn ${turn.turnId} (recent, ungated)`);
  for (const dropped of block.dropped)
    output.detail('left out', `${dropped.id}: ${dropped.reason}`);
  for (const condition of block.degraded.conditions) {
    output.detail('degraded', style.warn(`${condition.code}: ${condition.detail}`));
  }
  if (
    block.recalled.length === 0 &&
    block.dropped.length === 0 &&
    block.working.turns.length === 0
  ) {
    output.line(style.dim('  no candidates: the scope holds no memory that matches'));
  }
}
