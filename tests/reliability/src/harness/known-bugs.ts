/**
 * Bugs this suite found in other packages and reported to their owners.
 * While a flag is `true`, the tests that expose the bug run as expected
 * failures (`it.fails`): they still run every assertion, and the run turns
 * red the day the bug is fixed, so the flag is turned off with the fix.
 */
export const knownBugs = {
  /**
   * `@symfonic/memory`, `embeddingRelevance`: a NaN vector from the embedder
   * (one text of the batch failed) is taken as a score instead of failing
   * recall; the NaN flattens the relevance of every candidate in that
   * hydrate, is cached by text, and keeps the memory's relevance NaN after
   * the embedder recovers. Expected: `MemoryUnavailable`, recall degraded,
   * nothing cached (as for a vector of the wrong length).
   */
  relevanceTakesNonFiniteVectors: true,
  /**
   * `@symfonic/store-memory`, `apply`: a NaN vector for one text of the
   * batch is stored instead of failing the apply, so that memory never
   * ranks by vectors until it is updated. Expected: `MemoryUnavailable` and
   * nothing written, as the Drizzle store does.
   */
  inMemoryStoreTakesNonFiniteVectors: true,
  /**
   * `@symfonic/store-drizzle` on PGlite: a text value that begins with
   * U+FEFF comes back without it (PGlite decodes each value with a
   * `TextDecoder`, which drops a leading byte-order mark; the server holds
   * it). A memory, turn or speaker text is silently altered, in the record
   * `apply` answers and in every later read. Expected: the text exactly as
   * written, or a refusal naming why (as for U+0000).
   */
  pgliteDropsLeadingByteOrderMark: true,
} as const;
