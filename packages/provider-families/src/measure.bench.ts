/**
 * The timing the benchmarks of this package share (a `.bench` file, so it stays out of the
 * published package with them): one warm-up run of `run`, then `runs` timed runs.
 *
 * @returns the median and the 95th percentile, in milliseconds.
 */
import { performance } from 'node:perf_hooks';
import { percentile } from '@symfonic/test-support';

export function measure(run: () => unknown, runs: number): { median: number; p95: number } {
  run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
