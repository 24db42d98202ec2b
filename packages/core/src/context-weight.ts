/**
 * How much a word of a memory's context counts against a word of its text,
 * in every store's full-text ranking: a context word is one of the memory's
 * words at this weight (its occurrences and its length both scaled), so a
 * memory holding the cue's words in its own text outranks one holding them
 * only in its context, and a memory holding them only in its context is still
 * found. The evaluation behind the figure is in the contextual-indexing
 * decision record.
 */
export const contextWeight = 0.5;
