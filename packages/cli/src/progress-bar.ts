import cliProgress from 'cli-progress';
import type { OutputStream } from './command-io.js';

/** A progress report of one long step. */
export interface ProgressBar {
  /** `done` units so far, of `total` when it is known (else of `done`). */
  update(done: number, total?: number): void;
  stop(): void;
}

/**
 * A cli-progress bar on `stream` (stderr) when it is a terminal; nothing
 * otherwise, so a script's stderr holds only diagnostics.
 */
export function progressBar(stream: OutputStream, verb: string, unit: string): ProgressBar {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    {
      format: `${verb} [{bar}] {value}/{total} ${unit}`,
      stream,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      // Without a total (a dump's length is known only at its end), the bar grows with the count.
      const target = total ?? done;
      if (!started) {
        bar.start(target, done);
        started = true;
      } else bar.setTotal(target);
      bar.update(done);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
