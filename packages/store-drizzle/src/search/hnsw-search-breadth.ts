/** pgvector's ceiling of `hnsw.ef_search`. */
const largestSearchBreadth = 1_000;

/**
 * The `hnsw.ef_search` a vector search of `window` rows runs with: four
 * times the window, from pgvector's default of 40 up to its ceiling of 1000.
 * HNSW is approximate, and its default breadth is below a retrieval's window
 * (50 rows for a limit of 25): on the evaluation harness (`apps/eval`, PGlite,
 * vectors alone) recall@10 with the local n-gram embedder was 40.4 percent at
 * the default, 45.6 at 100 and 47.5 at 200, which is what an exact scan
 * finds; with word vectors, 65.5 at the default and 66.7 exact.
 *
 * @returns an integer from 40 to 1000; never throws.
 */
export function hnswSearchBreadth(window: number): number {
  return Math.min(largestSearchBreadth, Math.max(40, 4 * window));
}
