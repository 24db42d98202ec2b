import type { MemoryRecord } from '@symfonic/core';
import { type Candidate, compareCandidates } from './compare-candidates.js';

/**
 * The constant of reciprocal rank fusion: a row at rank r of a list earns
 * weight / (10 + r). The method's authors (Cormack et al., 2009) use 60,
 * which lets rows that both lists hold somewhere in their middle outrank
 * either list's confident top rows. On the evaluation data set (long
 * conversations, `apps/eval`) 3 to 10 did best and 60 worst: hybrid
 * recall@10 was 74.3 percent at 10 against 63.5 at 60 with the word vectors
 * of `@symfonic/memory/word-vectors`, and 56.3 against 54.8 with the local
 * n-gram embedder. 10 is the most conservative end of that plateau.
 */
export const reciprocalRankConstant = 10;

/** One ranking to fuse: its records, best first, and the weight of its vote. */
export interface WeightedRanking {
  readonly records: readonly MemoryRecord[];
  readonly weight: number;
}

/**
 * Fuse rankings (each best first) by weighted reciprocal rank fusion: a
 * record's relevance is the sum over the lists it appears in of
 * weight / (10 + rank). With equal weights, a record in both lists outranks
 * one at the same place in a single list.
 *
 * @returns every record of every list once, best first (ties by
 * {@link compareCandidates}); never throws.
 */
export function fuseRankings(rankings: readonly WeightedRanking[]): Candidate[] {
  const fused = new Map<string, { record: MemoryRecord; relevance: number }>();
  for (const { records, weight } of rankings) {
    records.forEach((record, index) => {
      const earned = weight / (reciprocalRankConstant + index + 1);
      const entry = fused.get(record.id);
      if (entry) entry.relevance += earned;
      else fused.set(record.id, { record, relevance: earned });
    });
  }
  return [...fused.values()].sort(compareCandidates);
}
