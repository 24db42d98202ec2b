import { workingLine } from './working-line.js';
import type { WorkingContext } from './working-window.js';

/**
 * The window rendered one turn per line (see {@link workingLine}), oldest
 * first, joined by `\n`.
 *
 * @returns `''` for an empty window; never throws.
 */
export function renderWorkingContext(context: Pick<WorkingContext, 'turns'>): string {
  return context.turns.map(workingLine).join('\n');
}
