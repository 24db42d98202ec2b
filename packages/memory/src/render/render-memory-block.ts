import type { RankedMemory } from '../hydrate/rank-candidates.js';
import type { WorkingContext } from '../hydrate/working-window.js';
import type { RecalledMemory } from './memory-block.js';
import { renderWorkingContext } from './render-working-context.js';
import { shownText } from './shown-text.js';

/**
 * Render a block: the semantic memories, then the episodic ones (each layer
 * in the given order: pinned facts first, then best first), then the working window. Each memory gets
 * a ref numbered from `#1` in render order and renders on one line,
 * `[layer #n] text`, its text shown with `shownText` so it cannot start a line of its own.
 * Lines are joined by `\n`, with no trailing newline. A pure function: the
 * same inputs give byte-identical text.
 *
 * @returns the text (`''` when both halves are empty), the memories with
 * their refs in render order, and each ref's memory id.
 */
export function renderMemoryBlock(
  memories: readonly (RankedMemory & { readonly pinned?: boolean })[],
  working: Pick<WorkingContext, 'turns'>,
): {
  text: string;
  recalled: RecalledMemory[];
  refs: Record<string, string>;
} {
  const ordered = [
    ...memories.filter(({ record }) => record.layer === 'semantic'),
    ...memories.filter(({ record }) => record.layer === 'episodic'),
  ];
  const refs: Record<string, string> = {};
  const lines: string[] = [];
  const recalled = ordered.map((memory, index) => {
    const ref = `#${index + 1}`;
    refs[ref] = memory.record.id;
    lines.push(`[${memory.record.layer} ${ref}] ${shownText(memory.record.text)}`);
    return { ...memory, ref, pinned: memory.pinned === true };
  });
  const workingText = renderWorkingContext(working);
  if (workingText.length > 0) lines.push(workingText);
  return { text: lines.join('\n'), recalled, refs };
}
