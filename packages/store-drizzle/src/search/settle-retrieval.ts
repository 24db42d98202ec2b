import type {
  Degradation,
  Dropped,
  MemoryQuery,
  RetrievalResult,
  ScoredMemory,
} from '@symfonic/core';
import { memoryRecordOf } from '../rows/memory-record-of.js';
import type { RankedMemory } from './ranked-rows-json.js';

/**
 * Turn ranked rows into a `RetrievalResult`: rows under the query's salience
 * or relevance floor are dropped with the floor named, then, when `cap` is
 * given (`retrieve`), rows beyond it are dropped with the limit named. No
 * row is left out without a reason, and none is both served and dropped.
 */
export function settleRetrieval(
  ranked: readonly RankedMemory[],
  query: MemoryQuery,
  cap: number | undefined,
  degradations: readonly Degradation[],
): RetrievalResult {
  const memories: ScoredMemory[] = [];
  const dropped: Dropped[] = [];
  for (const { row, relevance, similarity } of ranked) {
    if (query.minSalience !== undefined && row.salience < query.minSalience) {
      dropped.push({
        id: row.id,
        reason: `salience ${row.salience} is under the floor ${query.minSalience} this query set`,
      });
    } else if (query.minRelevance !== undefined && relevance < query.minRelevance) {
      dropped.push({
        id: row.id,
        reason: `relevance ${relevance} is under the floor ${query.minRelevance} this query set`,
      });
    } else if (cap !== undefined && memories.length >= cap) {
      dropped.push({ id: row.id, reason: `beyond the ${cap}-memory limit this query asked for` });
    } else {
      memories.push({
        record: memoryRecordOf(row),
        relevance,
        ...(similarity === undefined ? {} : { similarity }),
      });
    }
  }
  return { memories, dropped, degradations: [...degradations] };
}
