import type { MemoryQuery } from '../memory-query.js';
import type { RetrievalResult } from '../retrieval-result.js';

/** The public retrieval port: capped, ranked, scope-checked. */
export interface MemoryRetrievalPort {
  /**
   * At most `query.limit` memories visible to `query.scope`, best first.
   * Rows found beyond the limit or under a floor are in `dropped` with a
   * reason; conditions that weakened the ranking are in `degradations`.
   *
   * @throws InvalidMemoryInput when the query is malformed.
   * @throws ScopeViolation when a backend answered a row not visible to the scope.
   * @throws MemoryUnavailable when the backend cannot be reached.
   */
  retrieve(query: MemoryQuery): Promise<RetrievalResult>;
}
