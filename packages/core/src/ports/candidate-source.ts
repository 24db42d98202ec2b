import type { MemoryQuery } from '../memory-query.js';
import type { RetrievalResult } from '../retrieval-result.js';

/**
 * The internal seam hydration reads candidates from. Unlike
 * {@link MemoryRetrievalPort.retrieve} it is not capped by `query.limit`: the
 * gates that run afterwards (salience, relevance, character caps) would
 * otherwise turn every rejection into a lost slot.
 */
export interface CandidateSource {
  /**
   * Every memory visible to `query.scope` that the source admits within its
   * scan budget, best first, uncapped by `query.limit`.
   *
   * @throws ScopeViolation when a backend answered a row not visible to the scope.
   * @throws MemoryUnavailable when the backend cannot be reached.
   */
  scanCandidates(query: MemoryQuery): Promise<RetrievalResult>;
}
