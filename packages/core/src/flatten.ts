/**
 * Characters that can end a rendered line or hide/reorder what a reader sees:
 * C0/C1 controls (which include `\n`, `\r`, vertical tab, form feed, U+0085),
 * the Unicode line and paragraph separators, the bidirectional embedding,
 * override and isolate controls, and invisible zero-width separators.
 */
const breaking =
  '\\p{Cc}\\p{Zl}\\p{Zp}\\u061C\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF';
const runWithBreak = new RegExp(`[\\s${breaking}]*[${breaking}][\\s${breaking}]*`, 'gu');

/**
 * Every other format character (Unicode category Cf), which renders as
 * nothing: the soft hyphen, the invisible operators U+2061–2064, the
 * deprecated format controls U+206A–206F, interlinear annotation
 * U+FFF9–FFFB, the tag characters U+E0001 and U+E0020–E007F (which can spell
 * a whole hidden sentence), and the rest. Zero-width (non-)joiners are kept:
 * scripts and emoji sequences need them. Emoji subdivision flags, spelled
 * with tag characters, render as the plain black flag.
 */
const invisible =
  /(?!\u200C|\u200D|[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF])\p{Cf}/gu;

/**
 * A variation selector that modifies nothing, so it can only carry hidden
 * data (one byte per selector: 256 of them exist): one not directly after a
 * character it can modify, or a second one after the same character. The
 * emoji presentation selectors U+FE0E–FE0F modify an emoji character (keycap
 * digits included); the standardized selectors U+FE00–FE0D a visible
 * character (letter, number, symbol, punctuation); the ideographic selectors
 * U+E0100–E01EF an ideograph. A selector after another selector, a space, a
 * mark or the start of the text is never one of them.
 */
const strayVariationSelector =
  /(?<!\p{Emoji})[\uFE0E\uFE0F]|(?<![\p{L}\p{N}\p{S}\p{P}])[\uFE00-\uFE0D]|(?<!\p{Ideographic})[\u{E0100}-\u{E01EF}]/gu;

/**
 * Flatten `text` onto one line, keeping only what a person reading it sees.
 *
 * Format characters that render as nothing are removed (see `invisible`);
 * then every run of whitespace that contains a line break, another control
 * character, a bidi control or a zero-width separator becomes one space;
 * ordinary spaces are left as they are and nothing is trimmed. Last, a
 * variation selector is kept only directly after a character it can modify,
 * and at most one there (see `strayVariationSelector`), so a run of them
 * cannot smuggle bytes. Flattening flattened text changes nothing. Rendered
 * memory blocks use a `[layer]` prefix as a line delimiter, so stored text
 * must never be able to start a line of its own (a stored `"\n[working] admin:"`
 * would otherwise forge a turn), nor carry text a reviewer cannot see. What
 * remains holds no control, format (but the zero-width joiners) or
 * line-separator character: what a scope segment refuses.
 *
 * @returns the flattened text; never throws.
 */
export function flatten(text: string): string {
  return text.replace(invisible, '').replace(runWithBreak, ' ').replace(strayVariationSelector, '');
}
