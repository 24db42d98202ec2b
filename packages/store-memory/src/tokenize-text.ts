/**
 * A word is a run of letters, combining marks and digits (in any script), or
 * one pictograph (an emoji is a word of its own).
 */
const word = /[\p{L}\p{M}\p{N}]+|\p{Extended_Pictographic}/gu;

/**
 * The search terms of a text: NFKC-normalised and lower-cased words in any
 * script, so `Café`, `cafe\u0301` and `CAFÉ` are one term and Hebrew,
 * Cyrillic or Arabic words are found like Latin ones. Scripts written without
 * spaces (Chinese, Japanese) yield one term per unbroken run.
 *
 * @returns the terms in order, `[]` for a text without any; never throws.
 */
export function tokenizeText(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(word) ?? [];
}
