import type { MemoryRecord, ScoredMemory } from '../memory-record.js';
import { compareCandidates } from './compare-candidates.js';
import { reciprocalRankShare } from './reciprocal-rank.js';

/** One ranking to fuse: its records, best first, and the weight of its vote. */
export interface WeightedRanking {
  readonly records: readonly MemoryRecord[];
  readonly weight: number;
}

/**
 * Fuse rankings (each best first) by weighted reciprocal rank fusion: a
 * record's relevance is the sum, over the lists it appears in, of
 * {@link reciprocalRankShare} of its position and the list's weight. With
 * equal weights, a record in both lists outranks one at the same place in a
 * single list.
 *
 * @returns every record of every list once, best first (ties by
 * {@link compareCandidates}); never throws.
 */
export function fuseRankings(rankings: readonly WeightedRanking[]): ScoredMemory[] {
  const fused = new Map<string, { record: MemoryRecord; relevance: number }>();
  for (const { records, weight } of rankings) {
    records.forEach((record, index) => {
      const earned = reciprocalRankShare(index + 1, weight);
      const entry = fused.get(record.id);
      if (entry) entry.relevance += earned;
      else fused.set(record.id, { record, relevance: earned });
    });
  }
  return [...fused.values()].sort(compareCandidates);
}
