import { Presets, SingleBar } from 'cli-progress';
import type { EvaluationProgress } from './run-retrievals.js';

/** Shows how far a long evaluation is. */
export interface ProgressReporter {
  update(progress: EvaluationProgress): void;
  /** End the current bar or line. */
  stop(): void;
}

/**
 * A progress reporter on `stream`: a live bar per system and phase on a
 * terminal (cli-progress), or one line per finished phase and every 100
 * questions elsewhere (a CI log), so a long PGlite run never looks hung.
 *
 * @returns the reporter; never throws.
 */
export function createProgressReporter(
  stream: NodeJS.WritableStream & { readonly isTTY?: boolean },
): ProgressReporter {
  let current: string | undefined;
  let bar: SingleBar | undefined;
  let started = Date.now();
  const stop = () => {
    bar?.stop();
    bar = undefined;
    current = undefined;
  };
  return {
    update(progress) {
      const label = `${progress.system} ${progress.phase}`;
      if (label !== current) {
        stop();
        current = label;
        started = Date.now();
        if (stream.isTTY) {
          bar = new SingleBar(
            {
              stream,
              format: `${label.padEnd(44)} [{bar}] {value}/{total} {duration}s`,
              hideCursor: true,
              clearOnComplete: false,
            },
            Presets.shades_classic,
          );
          bar.start(progress.total, 0);
        }
      }
      if (bar) {
        bar.update(progress.done);
      } else if (progress.done === progress.total || progress.done % 100 === 0) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        stream.write(`${label}: ${progress.done}/${progress.total} (${seconds} s)\n`);
      }
      if (progress.done === progress.total) stop();
    },
    stop,
  };
}
