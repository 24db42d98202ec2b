/**
 * Writes the dump benchmark's section of the store-drizzle README from the benchmark's JSON
 * output (one file per run, PostgreSQL's and PGlite's, say), so the figures there are exactly
 * what a run measured, with the machine and its load:
 *
 *   node dist/write-dump-table.js ../../packages/store-drizzle/README.md dump-postgres.json dump-pglite.json
 *
 * The section sits between `<!-- dump-bench:start -->` and `<!-- dump-bench:end -->`;
 * everything else of the README is left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** The benchmark's output, as `dump.bench.ts` in store-drizzle writes it. */
interface DumpBench {
  readonly when: string;
  readonly machine: {
    readonly cpus: string;
    readonly memoryGiB: number;
    readonly loadAverage: { readonly before: readonly number[]; readonly after: readonly number[] };
    readonly node: string;
    readonly server?: string;
  };
  readonly memories: number;
  readonly turns: number;
  readonly runs: number;
  readonly rows: readonly {
    readonly store: string;
    readonly operation: 'import' | 'import again' | 'export' | 'apply';
    readonly rate: number;
    readonly seconds: number;
    readonly cpu: { readonly process: number; readonly server?: number };
    readonly ratePerCpuSecond: number;
    readonly shares?: { readonly calls: Record<string, number>; readonly rest: number };
  }[];
}

const start = '<!-- dump-bench:start -->';
const end = '<!-- dump-bench:end -->';
/** The goal the PostgreSQL import and export rates are read against. */
const goalPerSecond = 5_000;

const grouped = (value: number) => Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');
const load = (values: readonly number[]) => values.map((value) => value.toFixed(1)).join(' / ');
const operations = {
  import: '`importScope` into empty tables',
  'import again': '`importScope` again, all present',
  export: '`exportScope`',
  apply: '`apply`, 256 adds a call, for comparison',
} as const;

/** The README section for the runs of `benches`. */
export function dumpTable(benches: readonly DumpBench[]): string {
  const first = benches[0];
  if (first === undefined) throw new Error('no benchmark output given');
  const runs = benches.map(
    ({ machine, rows, when, runs: count }) =>
      `${rows[0]?.store ?? 'no store'}: finished ${when.slice(0, 16).replace('T', ' ')} UTC, ${count === 1 ? 'one run' : `medians of ${count} runs`}, load average (1 / 5 / 15 min) ${load(machine.loadAverage.before)} before and ${load(machine.loadAverage.after)} after${machine.server ? `, PostgreSQL ${machine.server}` : ''}`,
  );
  const rows = benches.flatMap((bench) =>
    bench.rows.map((row) => {
      const where = row.shares
        ? [
            ...Object.entries(row.shares.calls).map(
              ([call, percent]) => `\`${call}\` ${percent} %`,
            ),
            `the dump package ${row.shares.rest} %`,
          ].join(', ')
        : '';
      const cpu = `${row.cpu.process.toFixed(1)}${row.cpu.server === undefined ? '' : ` + ${row.cpu.server.toFixed(1)}`}`;
      return `| ${row.store} | ${operations[row.operation]} | ${grouped(row.rate)} | ${row.seconds.toFixed(1)} | ${cpu} | ${grouped(row.ratePerCpuSecond)} | ${where} |`;
    }),
  );
  const goals = benches
    .flatMap((bench) => bench.rows)
    .filter((row) => row.store === 'PostgreSQL' && ['import', 'export'].includes(row.operation))
    .map(
      (row) =>
        `- PostgreSQL ${row.operation}, goal ≥ ${grouped(goalPerSecond)} memories/s: ${row.rate >= goalPerSecond ? 'met' : '**missed**'} by the clock (${grouped(row.rate)}/s); ${grouped(row.ratePerCpuSecond)} memories per CPU second of the process and the server together.`,
    );
  return [
    start,
    `${grouped(first.memories)} memories (${grouped(first.turns)} turns) on ${first.machine.cpus}, ${first.machine.memoryGiB} GiB, Node ${first.machine.node}, a machine shared with other work:`,
    '',
    ...runs.map((run) => `- ${run}`),
    '',
    '| store | operation | memories/s | seconds | CPU seconds (process + server) | memories per CPU second | where the time goes (share of the run) |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    ...goals,
    end,
  ].join('\n');
}

const [readme = '../../packages/store-drizzle/README.md', ...inputs] = process.argv.slice(2);
const benches = inputs.map((input) => JSON.parse(readFileSync(input, 'utf8')) as DumpBench);
const text = readFileSync(readme, 'utf8');
const from = text.indexOf(start);
const to = text.indexOf(end);
if (from < 0 || to < from) throw new Error(`${readme} has no ${start} … ${end} section`);
writeFileSync(readme, `${text.slice(0, from)}${dumpTable(benches)}${text.slice(to + end.length)}`);
console.log(`wrote the dump table of ${inputs.join(', ')} into ${readme}`);
