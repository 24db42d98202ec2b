import { stemmer } from 'stemmer';
import { eng as englishStopWords } from 'stopword';

const word = /[\p{L}\p{M}\p{N}]+/gu;
const stopWords = new Set(englishStopWords);

/**
 * The content of a text as a set of stems: NFKC, lower case, words of any
 * script (as the stores tokenize), minus English stop words (the `stopword`
 * package's list) and one-letter words (the `s` of a possessive), each
 * reduced by the Porter stemmer. Two texts whose sets are disjoint share no
 * content word and no inflection of one ("adopted" / "adopt").
 *
 * @returns the stems, empty for a text of stop words only; never throws.
 */
export function contentStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const token of text.normalize('NFKC').toLowerCase().match(word) ?? []) {
    if (token.length < 2 || stopWords.has(token)) continue;
    stems.add(stemmer(token));
  }
  return stems;
}
