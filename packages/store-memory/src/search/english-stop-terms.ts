import { stemmer } from 'stemmer';

/**
 * The stop words of PostgreSQL's `english` text-search configuration (its
 * `english.stop`, the Snowball project's English list, 127 words), so that
 * the in-memory store and the PostgreSQL store agree on which words of a cue
 * carry no content.
 */
const englishStopWords = (
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his ' +
  'himself she her hers herself it its itself they them their theirs themselves what which ' +
  'who whom this that these those am is are was were be been being have has had having do ' +
  'does did doing a an the and but if or because as until while of at by for with about ' +
  'against between into through during before after above below to from up down in out on ' +
  'off over under again further then once here there when where why how all any both each ' +
  'few more most other some such no nor not only own same so than too very s t can will ' +
  'just don should now'
).split(' ');

/**
 * PostgreSQL's English stop words as search terms: each reduced by the same
 * Porter stemmer as `tokenizeText`, so a term of the index or of a cue
 * can be looked up directly ("was" is the term `wa`, "doing" the term `do`).
 * A stem shared with a content word ("can", "will") is a stop term too.
 */
export const englishStopTerms: ReadonlySet<string> = new Set(
  englishStopWords.map((word) => stemmer(word)),
);
