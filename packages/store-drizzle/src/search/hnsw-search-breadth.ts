/** pgvector's ceiling of `hnsw.ef_search`. */
const largestSearchBreadth = 1_000;

/**
 * The `hnsw.ef_search` a vector search of `window` rows runs with: four
 * times the window, from pgvector's default of 40 up to its ceiling of 1000.
 * HNSW is approximate, and its default breadth is below a retrieval's window
 * (core's `candidateWindow`, at least 50 rows): at four times the window it
 * finds what an exact scan finds on the evaluation harness (the figures are
 * in the decision record on retrieval quality).
 *
 * @returns an integer from 40 to 1000; never throws.
 */
export function hnswSearchBreadth(window: number): number {
  return Math.min(largestSearchBreadth, Math.max(40, 4 * window));
}
