import type { MemoryRecord } from '@symfonic/core';
import { type Candidate, compareCandidates } from './compare-candidates.js';

/**
 * The constant of reciprocal rank fusion: a row at rank r of a list earns
 * 1 / (60 + r). 60 is the value of the method's authors (Cormack et al.,
 * 2009); it keeps one list's top rank from outweighing agreement between lists.
 */
export const reciprocalRankConstant = 60;

/**
 * Fuse rankings (each best first) by reciprocal rank fusion: a record's
 * relevance is the sum over the lists it appears in of 1 / (60 + rank). A
 * record in both lists outranks one at the same place in a single list.
 *
 * @returns every record of every list once, best first (ties by
 * {@link compareCandidates}); never throws.
 */
export function fuseRankings(rankings: readonly (readonly MemoryRecord[])[]): Candidate[] {
  const fused = new Map<string, { record: MemoryRecord; relevance: number }>();
  for (const ranking of rankings) {
    ranking.forEach((record, index) => {
      const earned = 1 / (reciprocalRankConstant + index + 1);
      const entry = fused.get(record.id);
      if (entry) entry.relevance += earned;
      else fused.set(record.id, { record, relevance: earned });
    });
  }
  return [...fused.values()].sort(compareCandidates);
}
