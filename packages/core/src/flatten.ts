/**
 * Characters that can end a rendered line or hide/reorder what a reader sees:
 * C0/C1 controls (which include `\n`, `\r`, vertical tab, form feed, U+0085),
 * the Unicode line and paragraph separators, the bidirectional embedding,
 * override and isolate controls, and invisible zero-width separators.
 * Zero-width (non-)joiners are kept: scripts and emoji sequences need them.
 */
const breaking =
  '\\p{Cc}\\p{Zl}\\p{Zp}\\u061C\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF';
const runWithBreak = new RegExp(`[\\s${breaking}]*[${breaking}][\\s${breaking}]*`, 'gu');

/**
 * Flatten `text` onto one line.
 *
 * Every run of whitespace that contains a line break, another control
 * character, a bidi control or a zero-width separator becomes one space;
 * ordinary spaces are left as they are and nothing is trimmed. Rendered
 * memory blocks use a `[layer]` prefix as a line delimiter, so stored text
 * must never be able to start a line of its own (a stored `"\n[working] admin:"`
 * would otherwise forge a turn).
 *
 * @returns the flattened text; never throws.
 */
export function flatten(text: string): string {
  return text.replace(runWithBreak, ' ');
}
