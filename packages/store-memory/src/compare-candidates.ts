import type { MemoryRecord } from '@symfonic/core';

/** A memory with the relevance a retrieval gave it. */
export interface Candidate {
  readonly record: MemoryRecord;
  readonly relevance: number;
  /** The cosine similarity of the cue's vector and the memory's, when the search had both. */
  readonly similarity?: number;
}

/**
 * The order of a ranking: higher relevance first; equal relevance goes to
 * higher salience, then the later update, then the smaller id, so the same
 * state always answers the same order.
 *
 * @returns a negative number when `left` comes first.
 */
export function compareCandidates(left: Candidate, right: Candidate): number {
  if (left.relevance !== right.relevance) return right.relevance - left.relevance;
  if (left.record.salience !== right.record.salience) {
    return right.record.salience - left.record.salience;
  }
  const leftUpdate = left.record.updatedAt.getTime();
  const rightUpdate = right.record.updatedAt.getTime();
  if (leftUpdate !== rightUpdate) return rightUpdate - leftUpdate;
  return left.record.id < right.record.id ? -1 : left.record.id > right.record.id ? 1 : 0;
}
