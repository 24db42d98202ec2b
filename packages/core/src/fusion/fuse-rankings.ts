import type { MemoryRecord, ScoredMemory } from '../memory-record.js';
import { compareCandidates } from './compare-candidates.js';
import { type HybridPlaces, hybridRelevance } from './hybrid-relevance.js';
import { hybridWeights } from './vector-list-reliability.js';

/** A full-text ranking to fuse: its records, best first, and the full-text score of each. */
export interface LexicalRanking {
  readonly records: readonly MemoryRecord[];
  /** One score per record, in the same order, on the store's full-text scale (higher is better). */
  readonly scores: readonly number[];
}

/** A vector ranking to fuse: its records, nearest first, and the cosine of each to the cue. */
export interface VectorRanking {
  readonly records: readonly MemoryRecord[];
  /** One cosine per record, in the same order (non-increasing). */
  readonly similarities: readonly number[];
}

/**
 * Fuse a store's full-text ranking and its vector ranking (each best first)
 * by core's {@link hybridRelevance}: each record's places in the two lists
 * and its full-text score against the best one, the vector list's weight
 * scaled by how far its first memory stands from its tenth
 * (`hybridWeights`).
 *
 * @returns every record of either list once, best first (ties by
 * {@link compareCandidates}), with its fused relevance in (0, 1]; never throws.
 */
export function fuseRankings(
  lexical: LexicalRanking,
  vector: VectorRanking,
  weights: { readonly lexical: number; readonly vector: number },
): ScoredMemory[] {
  const places = new Map<string, { record: MemoryRecord; places: HybridPlaces }>();
  lexical.records.forEach((record, index) => {
    places.set(record.id, {
      record,
      places: { lexicalPlace: index + 1, lexicalScore: lexical.scores[index] ?? 0 },
    });
  });
  vector.records.forEach((record, index) => {
    const entry = places.get(record.id);
    if (entry) entry.places = { ...entry.places, vectorPlace: index + 1 };
    else places.set(record.id, { record, places: { vectorPlace: index + 1 } });
  });
  const bestLexicalScore = Math.max(0, ...lexical.scores);
  const fusedBy = hybridWeights(weights, vector.similarities);
  return [...places.values()]
    .map(({ record, places: at }) => ({
      record,
      relevance: hybridRelevance(at, bestLexicalScore, fusedBy),
    }))
    .sort(compareCandidates);
}
