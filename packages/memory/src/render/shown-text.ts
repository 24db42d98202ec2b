import { flatten } from '@symfonic/core';

/**
 * A stored text as any model or client is shown it: flattened onto one line
 * with core's `flatten` (no line break, control, bidi control, invisible
 * format character or stray variation selector survives), then trimmed. The
 * one rule for everything read from storage: the memory block renders each
 * memory with it, and every tool, tool result and MCP answer shows stored
 * text (and any reason that may quote it) through it, so no surface can show
 * a forged line the block would not.
 *
 * @returns the shown text; never throws.
 */
export function shownText(text: string): string {
  return flatten(text).trim();
}
