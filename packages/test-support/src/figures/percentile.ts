/**
 * The `fraction` percentile of `values` by the nearest-rank method (the
 * smallest value with at least that share of the values at or below it): the
 * one definition every benchmark's p50 and p95 use, so their tables compare.
 * `values` may be in any order; it is not changed.
 *
 * @returns the percentile, or `NaN` for no values.
 * @throws RangeError when `fraction` is outside (0, 1].
 */
export function percentile(values: readonly number[], fraction: number): number {
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError('fraction must be in (0, 1]');
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.ceil(fraction * sorted.length) - 1] as number;
}
