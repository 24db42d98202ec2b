/** How many timed rounds a benchmark runs, after how many untimed ones. */
export interface Rounds {
  readonly runs: number;
  readonly warmup: number;
}

/**
 * Times `calls` side by side, one of each per round (each given the round's index), so a
 * change in load hits them alike: per call, its times in ms of the `runs` rounds after the
 * `warmup` ones.
 */
export async function timeSideBySide(
  rounds: Rounds,
  ...calls: readonly ((index: number) => Promise<void>)[]
): Promise<number[][]> {
  const times = calls.map((): number[] => []);
  for (let index = 0; index < rounds.warmup + rounds.runs; index += 1) {
    for (const [which, call] of calls.entries()) {
      const started = performance.now();
      await call(index);
      if (index >= rounds.warmup) times[which]?.push(performance.now() - started);
    }
  }
  return times;
}
