import { createInterface } from 'node:readline';
import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { type ImportReport, importScope } from '@symfonic/dump';
import { type CommandIo, write } from '../command-io.js';
import { CommandFailure, exitCodes } from '../exit-codes.js';
import { progressBar } from '../progress-bar.js';
import { terminalText } from '../terminal-text.js';

/** Where `symfonic import` may write, how to move the dump there, and whether the database is the import's own. */
export interface ImportPlacement {
  readonly into?: MemoryScope;
  readonly remap?: { readonly from: MemoryScope; readonly to: MemoryScope };
  /** `--exclusive`: importScope's `exclusive` mode. */
  readonly exclusive?: boolean;
}

/** Restore the dump read from stdin into `store`, with a progress bar on stderr when it is a terminal. */
export async function importFromStdin(
  io: CommandIo,
  store: MemoryStore,
  placement: ImportPlacement,
): Promise<ImportReport> {
  const lines = createInterface({ input: io.stdin, terminal: false, crlfDelay: Infinity });
  const bar = progressBar(io.stderr, 'importing', 'lines');
  try {
    return await importScope(store, lines, {
      ...placement,
      onProgress: (progress) => bar.update(progress.lines),
    });
  } finally {
    bar.stop();
    lines.close();
  }
}

/**
 * Print what the import did: one summary line (or the report as JSON), and
 * every refused line with its reason on stderr, the dump's id and the reason
 * escaped for the terminal (see `terminalText`).
 *
 * @throws CommandFailure (refused) when a line was refused or the dump was cut short; everything else was imported.
 */
export async function printImport(
  io: CommandIo,
  report: ImportReport,
  json: boolean,
): Promise<void> {
  const { imported, present, refused } = report;
  if (json) {
    await write(io.stdout, `${JSON.stringify(report)}\n`);
  } else {
    await write(
      io.stdout,
      `imported ${imported.memories} memories and ${imported.turns} turns; already present ${present.memories} memories and ${present.turns} turns; refused ${refused.length} lines${report.complete ? '' : '; the dump was cut short (no end line, or its counts differ)'}\n`,
    );
    for (const line of refused) {
      await write(
        io.stderr,
        `line ${line.line} (${line.kind}${line.id === undefined ? '' : ` ${terminalText(line.id)}`}): ${line.code}: ${terminalText(line.reason)}\n`,
      );
    }
  }
  if (refused.length > 0 || !report.complete) {
    throw new CommandFailure(
      refused.length > 0
        ? `${refused.length} lines were refused; the others were imported`
        : 'the dump was cut short; every line read was imported',
      exitCodes.refused,
    );
  }
}
