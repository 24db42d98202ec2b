/**
 * The timing the benchmarks of this package share (a `.bench` file, so it stays out of the
 * published package with them): one warm-up run of `run`, then `runs` timed runs.
 *
 * @returns the median and the 95th percentile, in milliseconds.
 */
import { performance } from 'node:perf_hooks';

export function measure(run: () => unknown, runs: number): { median: number; p95: number } {
  run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((left, right) => left - right);
  const at = (fraction: number) =>
    times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}
