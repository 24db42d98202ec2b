import cliProgress from 'cli-progress';

/** A stream progress is written to: a bar when it is a terminal, plain lines otherwise. */
export type ProgressStream = NodeJS.WritableStream & { readonly isTTY?: boolean };

/** What a long step reports as it goes: how much is done (and, when it grew, of how much). */
export interface ProgressReporter {
  /** `done` units of `total` (the total given at the start unless a new one is passed). */
  update(done: number, total?: number): void;
  /** End the report (the bar leaves its last state on the terminal). */
  stop(): void;
}

/** What the reporter says it is doing: a verb (`importing`) and the unit counted (`turns`). */
export interface ProgressLabel {
  readonly verb: string;
  readonly unit: string;
}

/**
 * Report progress towards `total` on `stream` (stderr by default): a
 * cli-progress bar when the stream is a terminal, otherwise one plain line
 * `<verb>: <done>/<total> <unit>` each time another tenth is done, so piped
 * output stays short and free of control characters.
 */
export function progressReporter(
  total: number,
  label: ProgressLabel,
  stream: ProgressStream = process.stderr,
): ProgressReporter {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label.verb} [{bar}] {percentage}% | {value}/{total} ${label.unit} | {eta}s left`,
        stream,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    let current = total;
    return {
      update: (done, newTotal = current) => {
        if (newTotal !== current) {
          current = newTotal;
          bar.setTotal(current);
        }
        bar.update(done);
      },
      stop: () => bar.stop(),
    };
  }
  let current = total;
  let lastDecile = -1;
  return {
    update: (done, newTotal = current) => {
      current = newTotal;
      const decile = Math.floor((done / Math.max(current, 1)) * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        stream.write(`${label.verb}: ${done}/${current} ${label.unit}\n`);
      }
    },
    stop: () => undefined,
  };
}
