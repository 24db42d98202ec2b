/**
 * How many generated cases each property runs: `SYMFONIC_FUZZ_RUNS` when it
 * is set to a whole number (the longer budget, e.g. `SYMFONIC_FUZZ_RUNS=2000`
 * in a nightly job), else `fallback` (the fast default of the ordinary run).
 *
 * @throws Error when `SYMFONIC_FUZZ_RUNS` is set to anything but a positive whole number.
 */
export function fuzzRuns(fallback: number): number {
  const configured = process.env.SYMFONIC_FUZZ_RUNS;
  if (configured === undefined || configured === '') return fallback;
  const runs = Number(configured);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error('SYMFONIC_FUZZ_RUNS must be a positive whole number');
  }
  return runs;
}
