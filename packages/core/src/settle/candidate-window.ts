/** The fewest rows a capped retrieval ranks per list, whatever its limit. */
export const minimumCandidateWindow = 50;

/** A capped retrieval ranks this many rows per list for each memory of its limit. */
export const candidateWindowFactor = 2;

/**
 * How many rows each ranking of a store (full text, vectors) reads for a
 * `retrieve` of `limit` memories: `min(scanBudget, max(50, 2 × limit))`.
 * Reading past the limit leaves room for the rows a floor drops and lets the
 * fusion see what each list holds a little below its top; the store reports
 * `scan-budget-spent` when more rows matched than the window let in. Why
 * this window, with its evaluation figures: the decision record on the core
 * settle path (`docs/decisions`). `scanCandidates` reads the whole scan
 * budget instead, or the query's `window` when the caller asks for fewer.
 *
 * @returns a whole number from `min(scanBudget, 50)` to `scanBudget`; never throws.
 */
export function candidateWindow(limit: number, scanBudget: number): number {
  return Math.min(scanBudget, Math.max(minimumCandidateWindow, candidateWindowFactor * limit));
}

/**
 * How many rows each ranking of a store reads for `scanCandidates`: the
 * query's `window` when the caller asks for fewer rows than the scan budget,
 * else the whole budget.
 *
 * @returns a whole number from 1 to `scanBudget`; never throws.
 */
export function scanWindow(window: number | undefined, scanBudget: number): number {
  return Math.min(scanBudget, window ?? scanBudget);
}
