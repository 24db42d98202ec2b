import type { WorkingContext } from '../hydrate/working-window.js';
import { workingLine } from './working-line.js';

/**
 * The window rendered one turn per line (see {@link workingLine}), oldest
 * first, joined by `\n`.
 *
 * @returns `''` for an empty window; never throws.
 */
export function renderWorkingContext(context: Pick<WorkingContext, 'turns'>): string {
  return context.turns.map(workingLine).join('\n');
}
