import type { MemoryQuery } from '../memory-query.js';
import type { ScoredMemory } from '../memory-record.js';
import { requireVisible } from '../require-visible.js';
import type { Degradation, Dropped } from '../retrieval-result.js';
import { floorReason } from './floor-reason.js';
import { limitReason } from './limit-reason.js';

/** A retrieval result whose memories keep the type of the candidates they came from. */
export interface SettledCandidates<Candidate extends ScoredMemory> {
  readonly memories: Candidate[];
  readonly dropped: Dropped[];
  readonly degradations: Degradation[];
}

/**
 * The rules every candidate source owes, applied to what its search ranked
 * (best first), once for every store:
 *
 * 1. visibility: every candidate is checked with {@link requireVisible}
 *    before any is served, so a foreign row throws whatever its rank;
 * 2. the floors, salience first: a row under `query.minSalience` or
 *    `query.minRelevance` is dropped with {@link floorReason};
 * 3. when `capped` (`retrieve`), the limit: rows past `query.limit` are
 *    dropped with {@link limitReason}; `scanCandidates` settles uncapped.
 *
 * Candidates are served as given (any field beyond the record and its
 * relevance is kept), in the order given; no row is both served and dropped,
 * and none is left out without a reason.
 *
 * @throws ScopeViolation for the first candidate `query.scope` cannot see.
 */
export function settleCandidates<Candidate extends ScoredMemory>(
  ranked: readonly Candidate[],
  query: Pick<MemoryQuery, 'scope' | 'limit' | 'minSalience' | 'minRelevance'>,
  capped: boolean,
  degradations: readonly Degradation[],
): SettledCandidates<Candidate> {
  requireVisible(
    ranked.map(({ record }) => record),
    query.scope,
  );
  const memories: Candidate[] = [];
  const dropped: Dropped[] = [];
  for (const candidate of ranked) {
    const { record, relevance } = candidate;
    const reason =
      floorReason('salience', record.salience, query.minSalience) ??
      floorReason('relevance', relevance, query.minRelevance) ??
      (capped && memories.length >= query.limit ? limitReason(query.limit) : undefined);
    if (reason === undefined) memories.push(candidate);
    else dropped.push({ id: record.id, reason });
  }
  return { memories, dropped, degradations: [...degradations] };
}
