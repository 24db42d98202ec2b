/**
 * The share of `relevant` items found among the first `k` of `ranked`
 * (fractional recall: a question with two evidence turns and one of them in
 * the top k scores 0.5). Duplicates in `ranked` count once.
 *
 * @returns a number from 0 to 1; 0 when `relevant` is empty (nothing to find
 * is reported by the caller, never scored as found).
 * @throws RangeError when `k` is not a whole number of 1 or more.
 */
export function recallAt<T>(ranked: readonly T[], relevant: readonly T[], k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a whole number, 1 or more`);
  const wanted = new Set(relevant);
  if (wanted.size === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  let found = 0;
  for (const item of wanted) if (top.has(item)) found += 1;
  return found / wanted.size;
}
