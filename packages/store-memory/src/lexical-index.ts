import MiniSearch from 'minisearch';
import { tokenizeText } from './tokenize-text.js';

/** The document one memory is indexed as. */
export interface IndexedMemory {
  readonly id: string;
  readonly text: string;
}

/**
 * A MiniSearch full-text index of memory texts (BM25+ ranking, any-term
 * matching, no prefix or fuzzy expansion), with the Unicode-aware
 * {@link tokenizeText}. One is kept per tenant, so term statistics never mix
 * tenants.
 *
 * @returns an empty index; never throws.
 */
export function createLexicalIndex(): MiniSearch<IndexedMemory> {
  return new MiniSearch<IndexedMemory>({
    fields: ['text'],
    storeFields: [],
    tokenize: tokenizeText,
    processTerm: (term) => term,
    searchOptions: { combineWith: 'OR', prefix: false, fuzzy: false },
  });
}
