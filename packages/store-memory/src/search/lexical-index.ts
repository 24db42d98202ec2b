import MiniSearch from 'minisearch';
import { tokenizeText } from './tokenize-text.js';

/** The document one memory is indexed as. */
export interface IndexedMemory {
  readonly id: string;
  /** The memory's text, then its context when it has one. */
  readonly text: string;
}

/**
 * A MiniSearch full-text index of memory texts and contexts (any-term matching, no prefix
 * or fuzzy expansion), with the Unicode-aware, stemming {@link tokenizeText}.
 * One is kept per tenant. It finds the memories holding a cue's words; the
 * store scores them itself, over the statistics of what the asking scope sees
 * (MiniSearch's own scores weigh words over the whole tenant). Its automatic
 * vacuum is off: entries are removed at once (`remove`), so no background
 * batch, whose pauses writes could interleave with, ever runs. A search
 * takes terms already tokenized (see {@link planCueTerms}),
 * joined by spaces: they are split, never stemmed a second time (Porter's
 * stemmer is not idempotent: "lighthouse" gives "lighthous", which gives
 * "lighthou").
 *
 * @returns an empty index; never throws.
 */
export function createLexicalIndex(): MiniSearch<IndexedMemory> {
  return new MiniSearch<IndexedMemory>({
    fields: ['text'],
    storeFields: [],
    autoVacuum: false,
    tokenize: tokenizeText,
    processTerm: (term) => term,
    searchOptions: {
      combineWith: 'OR',
      prefix: false,
      fuzzy: false,
      tokenize: (terms) => terms.split(' '),
    },
  });
}
