/**
 * How many rows recall asks each of the store's rankings (full text,
 * vectors) for, as the query's `window`: four times the limit, at least 50
 * (a store's own `retrieve` reads core's `candidateWindow`, twice the limit,
 * at least 50). Recall ranks by the store's order first
 * (`weights.relevance` 0.6 of the score, against 0.25 for salience and 0.15
 * for recency, the relevance rescaled over the candidates), so a row past
 * this window, whose fused relevance is a small fraction of the best, earns
 * too little from it to take one of `limit` places; reading the whole scan
 * budget for it (1,000 rows a list in memory, 500 on PostgreSQL) cost more
 * than the store's ranking itself. Facts that must come back whatever their
 * rank are the pinned facts, read apart. When the gates leave fewer than
 * `limit` memories, recall reads the whole budget after all (see `recall`).
 *
 * @returns a whole number of at least 50; never throws.
 */
export function recallWindow(limit: number): number {
  return Math.max(50, 4 * limit);
}
