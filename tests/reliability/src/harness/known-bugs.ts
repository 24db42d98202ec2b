/**
 * Bugs this suite found in other packages and reported to their owners.
 * While a flag is `true`, the test that exposes the bug asserts the bug
 * exactly as reported (so the run stays green and any other failure still
 * shows); the day the bug is fixed that test fails, and the flag is turned
 * off with the fix, which puts the correct assertions back.
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
  relevanceTakesNonFiniteVectors: false,
  /**
   * `@symfonic/store-memory`, `apply`: a NaN vector for one text of the
   * batch is stored instead of failing the apply, so that memory never
   * ranks by vectors until it is updated. Expected: `MemoryUnavailable` and
   * nothing written, as the Drizzle store does.
   */
  inMemoryStoreTakesNonFiniteVectors: false,
  /**
   * `@symfonic/store-drizzle` on a PostgreSQL server, `forget`: its deletes
   * (memories, then versions, then turns) are separate statements at READ
   * COMMITTED, each with its own snapshot. An apply in the forgotten
   * subtree that commits between the first two leaves its memory live (the
   * first delete did not see it) with its history erased (the second did).
   * Expected: the memory erased with its history, or kept with all of it
   * (one snapshot for the whole forget: one statement, or REPEATABLE READ
   * with a retry, or a lock that orders forget and apply).
   */
  forgetRacesApply: false,
} as const;
