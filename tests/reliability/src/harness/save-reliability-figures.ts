import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  benchMachine,
  type Figures,
  readFigures,
  type TableCell,
  writeFiguresFile,
} from '@symfonic/test-support';
import type { FigureCounts } from './reliability-figures.js';

/** The figures file of docs/security.md's table, one row per store (and one for the readers). */
const file = fileURLToPath(new URL('../../figures/reliability-figures.json', import.meta.url));

/** Each row, in the table's order: the suite's name, and the store as the table names it. */
const rowsInOrder: readonly (readonly [suite: string, label: string])[] = [
  ['in-memory (lexical)', 'in-memory (lexical)'],
  ['in-memory (vectors)', 'in-memory (vectors)'],
  ['pglite', 'PGlite'],
  ['postgresql', 'PostgreSQL'],
  ['reading (no store)', 'readers (no store)'],
];

const grouped = (value: number) => value.toLocaleString('en');

/** The row of `counts`: every figure for a store, the fuzz runs alone for the readers. */
function row(label: string, counts: FigureCounts): TableCell[] {
  const { fuzzRuns, ...store } = counts;
  const cells = [
    store.attempts,
    store.refusals,
    store.rowsCrossed,
    store.faultsInjected,
    store.duplicates,
    store.lostWrites,
    store.injectionItems,
    store.forgedLines,
  ].map(grouped);
  return [
    label,
    ...(label === 'readers (no store)' ? cells.map(() => '') : cells),
    grouped(fuzzRuns),
  ];
}

/** Runs `write` holding a lock folder beside the figures file: the test files end in parallel. */
function locked(write: () => void): void {
  const lock = `${file}.lock`;
  const waitUntil = Date.now() + 30_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > waitUntil) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    write();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * When the `FIGURES` environment variable is set, writes the figures of the suite `suite` (a name
 * `describeReliabilitySuite` was given, or `reading (no store)`) into its row of
 * `figures/reliability-figures.json`, the other rows kept, for `pnpm figures` to put in
 * docs/security.md; the file's `measured` names the last file to finish and its machine. A row
 * whose file did not run (PostgreSQL without `DATABASE_URL`) stays as an earlier run wrote it,
 * and so does the row of a file a test of which failed (`testsFailed`): a test that timed out
 * may still be running into the next one, so its counts are not the suite's.
 *
 * @returns the path written, `undefined` when none was.
 * @throws Error for a suite the table has no row for.
 */
export function saveReliabilityFigures(
  suite: string,
  counts: FigureCounts,
  { testsFailed }: { readonly testsFailed: boolean },
): string | undefined {
  if (!process.env.FIGURES) return undefined;
  const label = rowsInOrder.find(([name]) => name === suite)?.[1];
  if (label === undefined) throw new Error(`the reliability table has no row for ${suite}`);
  if (testsFailed) {
    console.error(
      `reliability figures: the row of ${label} is not written: a test of its file failed`,
    );
    return undefined;
  }
  locked(() => {
    const before = readFigures(file);
    const rows = rowsInOrder.flatMap(([, each]) => {
      if (each === label) return [row(label, counts)];
      const kept = before.rows.find((cells) => cells[0] === each);
      return kept ? [kept] : [];
    });
    const fuzz = process.env.SYMFONIC_FUZZ_RUNS ?? 'unset';
    const figures: Figures = {
      document: before.document,
      section: before.section,
      measured: `\`FIGURES=1 pnpm exec vitest run tests/reliability\` (\`SYMFONIC_FUZZ_RUNS\` ${fuzz}, \`DATABASE_URL\` ${process.env.DATABASE_URL ? 'set' : 'unset'}), each row written as its file finished, the last (${label}) on ${benchMachine()}`,
      columns: before.columns,
      rows,
    };
    writeFiguresFile(file, figures);
  });
  return file;
}
