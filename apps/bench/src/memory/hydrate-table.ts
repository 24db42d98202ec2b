/**
 * The README's hydrate benchmark table, read from `hydrate.bench.ts`'s own
 * output (what `pnpm --filter @symfonic/bench memory:hydrate` prints), so the figures
 * there are exactly a run's.
 */
import { markdownTable } from '@symfonic/test-support';

/** One line of the benchmark's table: a store and pinned-facts variant, in ms. */
export interface HydrateBenchRow {
  /** The store and its ranking, e.g. `in-memory, lexical`. */
  readonly store: string;
  /** The pinned-facts variant: `off`, `on` or `on, after a write`. */
  readonly pinned: string;
  readonly p50: number;
  readonly p95: number;
  readonly storeP50: number;
  readonly storeP95: number;
  readonly oursP50: number;
  readonly oursP95: number;
  readonly candidates: number;
}

/** A run of the benchmark: its size, the machine it ran on and its table. */
export interface HydrateBench {
  readonly memories: number;
  readonly runs: number;
  /** The benchmark's `machine:` line, as printed. */
  readonly machine: string;
  readonly rows: readonly HydrateBenchRow[];
}

const heading = /^hydrate at (\d+) memories in one scope, (\d+) runs each/m;
const machineLine = /^machine: (.+)$/m;
/** A table line: the variant's name, then seven figures. */
const row =
  /^(.+?), pinned (off|on|on, after a write)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s*$/gm;

/**
 * Read the benchmark's output.
 *
 * @throws Error when the output has no heading, no machine line or no table line.
 */
export function parseHydrateBench(output: string): HydrateBench {
  const head = heading.exec(output);
  const machine = machineLine.exec(output);
  if (!head || !machine)
    throw new Error('not the output of hydrate.bench.ts: no heading or machine line');
  const rows = [...output.matchAll(row)].map((match) => {
    const [, store = '', pinned = '', ...figures] = match;
    const [p50 = 0, p95 = 0, storeP50 = 0, storeP95 = 0, oursP50 = 0, oursP95 = 0, candidates = 0] =
      figures.map(Number);
    return { store, pinned, p50, p95, storeP50, storeP95, oursP50, oursP95, candidates };
  });
  if (rows.length === 0) throw new Error('the output of hydrate.bench.ts holds no table line');
  return { memories: Number(head[1]), runs: Number(head[2]), machine: machine[1] as string, rows };
}

const ms = (value: number) => value.toFixed(2);

/** The README section for one run: what was measured on what, then the table (ms). */
export function hydrateTable(bench: HydrateBench): string {
  const memories = bench.memories.toLocaleString('en-US');
  const figure = { align: 'right' } as const;
  return [
    `Measured with \`BENCH_RUNS=${bench.runs}\` at ${memories} memories on ${bench.machine}, ms:`,
    '',
    markdownTable(
      [
        { title: 'store' },
        { title: 'pinned' },
        ...['p50', 'p95', 'store p50', 'store p95', 'ours p50', 'ours p95', 'candidates'].map(
          (title) => ({ title, ...figure }),
        ),
      ],
      bench.rows.map((line) => [
        line.store,
        line.pinned,
        ms(line.p50),
        ms(line.p95),
        ms(line.storeP50),
        ms(line.storeP95),
        ms(line.oursP50),
        ms(line.oursP95),
        line.candidates,
      ]),
    ),
  ].join('\n');
}
