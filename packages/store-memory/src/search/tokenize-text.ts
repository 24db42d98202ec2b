import { stemmer } from 'stemmer';

/**
 * A word is a run of letters, combining marks and digits (in any script), or
 * one pictograph (an emoji is a word of its own).
 */
const word = /[\p{L}\p{M}\p{N}]+|\p{Extended_Pictographic}/gu;

/**
 * The search terms of a text: NFKC-normalised and lower-cased words in any
 * script, so `Café`, `cafe\u0301` and `CAFÉ` are one term and Hebrew,
 * Cyrillic or Arabic words are found like Latin ones; each word is then
 * reduced by the Porter stemmer, so "adopted" finds "adopt" and "peanuts"
 * finds "peanut" (what it gained on the evaluation data set is in the
 * decision record on retrieval quality). Porter's rules only strip English suffixes: words
 * of other scripts pass unchanged, and a Latin-script word of another
 * language is at worst cut the same way in memories and cues. Stop words are
 * kept: a question put in other words may share nothing else with its
 * evidence; the ranking keeps them from multiplying a score (see
 * `englishStopTerms`). Scripts written without spaces (Chinese, Japanese)
 * yield one term per unbroken run.
 *
 * @returns the terms in order, `[]` for a text without any; never throws.
 */
export function tokenizeText(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(word) ?? []).map((token) => stemmer(token));
}
