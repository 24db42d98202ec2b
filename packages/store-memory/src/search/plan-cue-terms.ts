import { Limits } from '@symfonic/core';
import { englishStopTerms } from './english-stop-terms.js';
import { tokenizeText } from './tokenize-text.js';

/** Which of a cue's terms a full-text query matches on. */
export interface CueTermPlan {
  /** The terms to match on, rarest first. */
  readonly matched: readonly string[];
  /** Terms left out because too many memories hold them. */
  readonly skipped: number;
  /**
   * The cue's distinct words (terms that are not English stop words) when
   * they were more than `Limits.cueTerms`: only the first were planned; else absent.
   */
  readonly shortenedFrom?: number;
}

/**
 * The cue's distinct terms, in the order the cue first says them, up to its
 * `Limits.cueTerms`-th distinct word (a term that is not an English stop
 * word, as the PostgreSQL store counts words; the stop words before it are
 * kept, a bounded few), and how many distinct words the cue has.
 */
function boundedTerms(cue: string): { terms: string[]; words: number } {
  const terms: string[] = [];
  let words = 0;
  for (const term of new Set(tokenizeText(cue))) {
    const word = !englishStopTerms.has(term);
    if (word) words += 1;
    if (!word || words <= Limits.cueTerms) terms.push(term);
  }
  return { terms, words };
}

/**
 * Choose the cue terms a full-text query matches on, among the cue's first
 * `Limits.cueTerms` distinct words (see {@link boundedTerms}; a cue with more
 * reports how many it had in `shortenedFrom`), so that its cost is
 * bounded by `postingsBudget` (the number of memory/term pairs it may read)
 * rather than by the size of the tenant. Terms are taken rarest first while
 * their document frequencies add up to at most the budget; the rarest term is
 * always taken. A term every other memory holds ("the", "my") contributes
 * almost nothing to a BM25 score, yet reading its postings is most of the cost
 * of a query on a large tenant: it is the term left out. Terms no memory holds
 * are left out without counting as skipped (they match nothing).
 *
 * @returns the plan; `matched` is empty when no cue term is known. Never throws.
 */
export function planCueTerms(
  cue: string,
  documentFrequency: ReadonlyMap<string, number>,
  postingsBudget: number,
): CueTermPlan {
  const { terms, words } = boundedTerms(cue);
  const known = terms
    .map((term) => ({ term, frequency: documentFrequency.get(term) ?? 0 }))
    .filter((entry) => entry.frequency > 0)
    .sort((left, right) => left.frequency - right.frequency || (left.term < right.term ? -1 : 1));
  const matched: string[] = [];
  let postings = 0;
  for (const { term, frequency } of known) {
    if (matched.length > 0 && postings + frequency > postingsBudget) break;
    matched.push(term);
    postings += frequency;
  }
  return {
    matched,
    skipped: known.length - matched.length,
    ...(words > Limits.cueTerms ? { shortenedFrom: words } : {}),
  };
}
