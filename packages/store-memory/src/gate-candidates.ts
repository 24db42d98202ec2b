import {
  type Degradation,
  type Dropped,
  formatScope,
  isVisible,
  type MemoryQuery,
  type RetrievalResult,
  ScopeViolation,
  type ScoredMemory,
} from '@symfonic/core';
import type { Candidate } from './compare-candidates.js';
import { copyRecord } from './copy-record.js';
import { formatScore } from './format-score.js';

/**
 * Turn ranked candidates into a retrieval result. Each candidate, best first,
 * is checked against the query's scope, then its floors (a row under
 * `minSalience` or `minRelevance` is dropped with the measure, its value and
 * the floor as reason), then, when `capped`, the limit (rows beyond it are
 * dropped as "beyond the N-memory limit this query asked for").
 *
 * @throws ScopeViolation when a candidate is not visible to the query's scope
 * (the store's own filtering failed: never filtered silently).
 */
export function gateCandidates(
  ranked: readonly Candidate[],
  query: MemoryQuery,
  capped: boolean,
  degradations: readonly Degradation[],
): RetrievalResult {
  const memories: ScoredMemory[] = [];
  const dropped: Dropped[] = [];
  const beyondLimit = `beyond the ${query.limit}-memory limit this query asked for`;
  for (const { record, relevance, similarity } of ranked) {
    if (!isVisible(record.scope, query.scope)) {
      throw new ScopeViolation({
        rowId: record.id,
        rowScope: formatScope(record.scope),
        queryScope: formatScope(query.scope),
      });
    }
    if (query.minSalience !== undefined && record.salience < query.minSalience) {
      const value = formatScore(record.salience, query.minSalience);
      const floor = formatScore(query.minSalience, record.salience);
      dropped.push({ id: record.id, reason: `salience ${value} is under the floor ${floor}` });
    } else if (query.minRelevance !== undefined && relevance < query.minRelevance) {
      const value = formatScore(relevance, query.minRelevance);
      const floor = formatScore(query.minRelevance, relevance);
      dropped.push({ id: record.id, reason: `relevance ${value} is under the floor ${floor}` });
    } else if (capped && memories.length >= query.limit) {
      dropped.push({ id: record.id, reason: beyondLimit });
    } else {
      memories.push({
        record: copyRecord(record),
        relevance,
        ...(similarity === undefined ? {} : { similarity }),
      });
    }
  }
  return { memories, dropped, degradations: [...degradations] };
}
