import type { ScoredMemory } from '../memory-record.js';

/**
 * The order of every ranking, in every store and in recall: higher relevance
 * first; equal relevance goes to higher salience, then the later update, then
 * the smaller id, so the same state always answers the same order.
 *
 * @returns a negative number when `left` comes first; never throws.
 */
export function compareCandidates(left: ScoredMemory, right: ScoredMemory): number {
  if (left.relevance !== right.relevance) return right.relevance - left.relevance;
  if (left.record.salience !== right.record.salience) {
    return right.record.salience - left.record.salience;
  }
  const leftUpdate = left.record.updatedAt.getTime();
  const rightUpdate = right.record.updatedAt.getTime();
  if (leftUpdate !== rightUpdate) return rightUpdate - leftUpdate;
  return left.record.id < right.record.id ? -1 : left.record.id > right.record.id ? 1 : 0;
}
