/**
 * Benchmark of dump and restore (`@symfonic/dump`) on the Drizzle store:
 * `importScope` and `exportScope` rates, in memories per second, at 100 000
 * memories in one user (most with one version, some updated, some deleted,
 * and one conversation turn per ten memories), on PGlite and (when
 * DATABASE_URL is set) on PostgreSQL through node-postgres, without an
 * embedder. Each run writes as many memories through `apply` (the
 * model-facing path, for comparison), then imports the dump into empty
 * tables, imports it again (every line already present), exports it, then
 * imports it into empty tables again with `exclusive` (the GIN indexes
 * built once at the end);
 * the store's calls are timed, to say where the time goes: the rest of
 * the run is the dump package's own work (parsing, checking, serialising)
 * that did not overlap a store call (an import checks the next batch while
 * the store writes one). CPU time is counted apart from the clock, for this
 * process and for the PostgreSQL server processes of the bench's database
 * (read from `/proc`, so only for a server on this machine; PGlite runs in
 * this process): on a shared machine the clock measures the load as much as
 * the code, the CPU time does not.
 *
 *   npx tsc -b packages/store-drizzle && node packages/store-drizzle/dist/dump.bench.js
 *   MEMORIES=20000 RUNS=1 BACKENDS=postgres … for a shorter run
 *   FIGURES=1 … also writes the README's table to `figures/dump-bench.json`,
 *   which `pnpm figures` puts in the README
 *
 * Not a test: it prints tables of medians.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Limits, type MemoryStore } from '@symfonic/core';
import { dumpFormat, exportScope, importScope } from '@symfonic/dump';
import { benchMachine, type Figures, saveFigures } from '@symfonic/test-support';
import { testDatabase } from '@symfonic/test-support/postgres';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createDrizzleStore } from './create-drizzle-store.js';
import type { StoreDatabase } from './database/store-database.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';

const memories = Number(process.env.MEMORIES ?? 100_000);
const runs = Number(process.env.RUNS ?? 3);
const backends = (process.env.BACKENDS ?? 'pglite,postgres').split(',');
const scope = { tenant: 'acme', path: ['user:1'] };

/** A synthetic dump: every 10th memory updated once, every 25th deleted, a turn per 10 memories. */
function syntheticDump(): string[] {
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const time = (offset: number) => new Date(start + offset).toISOString();
  const lines = [
    JSON.stringify({ kind: 'header', format: dumpFormat, scope, exportedAt: time(0) }),
  ];
  for (let index = 0; index < memories; index += 1) {
    const id = `mem-${index.toString().padStart(7, '0')}`;
    const text = `Fact number ${index} about the user, with a few words of detail`;
    const provenance = { writer: 'bench', turnId: `turn-${index}` };
    const versions: object[] = [
      {
        version: 1,
        change: 'created',
        layer: 'semantic',
        text,
        salience: 0.5,
        provenance,
        at: time(index * 10),
      },
    ];
    if (index % 10 === 0) {
      versions.push({
        version: 2,
        change: 'updated',
        layer: 'semantic',
        text: `${text}, corrected`,
        context: 'A later turn',
        salience: 0.7,
        provenance,
        at: time(index * 10 + 5),
      });
    } else if (index % 25 === 1) {
      versions.push({
        version: 2,
        change: 'deleted',
        layer: 'semantic',
        text,
        salience: 0.5,
        provenance: { writer: 'person' },
        at: time(index * 10 + 5),
      });
    }
    const last = versions.at(-1) as { change: string; at: string };
    lines.push(
      JSON.stringify({
        kind: 'memory',
        id,
        scope,
        createdAt: time(index * 10),
        updatedAt: last.at,
        deleted: last.change === 'deleted',
        ...(last.change === 'deleted' ? {} : { metadata: { index } }),
        versions,
      }),
    );
  }
  const turns = Math.floor(memories / 10);
  for (let index = 0; index < turns; index += 1) {
    const conversation = {
      tenant: 'acme',
      path: ['user:1', `conversation:${Math.floor(index / 50)}`],
    };
    lines.push(
      JSON.stringify({
        kind: 'turn',
        scope: conversation,
        turnId: `t-${index}`,
        speaker: index % 2 ? 'assistant' : 'user',
        text: `Turn ${index}`,
        turn: index % 50,
        at: time(index * 100),
      }),
    );
  }
  lines.push(JSON.stringify({ kind: 'end', memories, turns }));
  return lines;
}

/** `store` with the time spent in each of its methods added up, by name. */
function timed(store: MemoryStore): { store: MemoryStore; spent: Map<string, number> } {
  const spent = new Map<string, number>();
  const wrapped = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      const time = async <Result>(key: string, call: () => Promise<Result>): Promise<Result> => {
        const begin = performance.now();
        try {
          return await call();
        } finally {
          spent.set(key, (spent.get(key) ?? 0) + performance.now() - begin);
        }
      };
      return async (...args: unknown[]) => {
        const result = await time(String(name), () => value.apply(target, args));
        // An exclusive restore's session: its end (building the indexes) is the store's time too.
        if (name === 'openExclusiveRestore') {
          const session = result as { end(): Promise<void> };
          return { end: () => time('end of the exclusive restore', () => session.end()) };
        }
        return result;
      };
    },
  });
  return { store: wrapped, spent };
}

interface Measure {
  readonly rate: number;
  readonly seconds: number;
  readonly inStore: Map<string, number>;
  /** CPU seconds of this process, and of the database server's processes when they can be read. */
  readonly cpu: { readonly process: number; readonly server?: number };
  /** The 1-minute load average when it ended. */
  readonly load: number;
}

/** CPU seconds the database's server processes have used so far, or `undefined` when they cannot be read. */
type ServerCpu = () => Promise<number | undefined>;

/**
 * The CPU time of the server processes of `pool`'s database, from
 * `/proc/<pid>/stat` (user and system ticks, 100 a second on Linux); every
 * connection of the pool is counted, the one that reads it included.
 */
function postgresCpu(pool: pg.Pool): ServerCpu {
  return async () => {
    const { rows } = await pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    );
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        return undefined;
      }
    }
    return ticks / 100;
  };
}

/** `work`, with the clock and the CPU time it took. */
async function measured<Result>(
  serverCpu: ServerCpu,
  work: () => Promise<Result>,
): Promise<{ result: Result; seconds: number; cpu: Measure['cpu'] }> {
  const serverBefore = await serverCpu();
  const processBefore = process.cpuUsage();
  const begin = performance.now();
  const result = await work();
  const seconds = (performance.now() - begin) / 1_000;
  const used = process.cpuUsage(processBefore);
  const serverAfter = await serverCpu();
  const server =
    serverBefore === undefined || serverAfter === undefined
      ? undefined
      : serverAfter - serverBefore;
  return {
    result,
    seconds,
    cpu: { process: (used.user + used.system) / 1e6, ...(server === undefined ? {} : { server }) },
  };
}

async function measureImport(
  store: MemoryStore,
  lines: readonly string[],
  serverCpu: ServerCpu,
  exclusive = false,
): Promise<Measure> {
  const probe = timed(store);
  const {
    result: report,
    seconds,
    cpu,
  } = await measured(serverCpu, () => importScope(probe.store, lines, { exclusive }));
  if (report.refused.length > 0 || !report.complete) {
    throw new Error(
      `the import refused ${report.refused.length} lines: ${JSON.stringify(report.refused[0])}`,
    );
  }
  return { rate: memories / seconds, seconds, inStore: probe.spent, cpu, load: loadavg()[0] ?? 0 };
}

async function measureExport(
  store: MemoryStore,
  serverCpu: ServerCpu,
): Promise<Measure & { lines: number }> {
  const probe = timed(store);
  const {
    result: lines,
    seconds,
    cpu,
  } = await measured(serverCpu, async () => {
    let count = 0;
    for await (const _line of exportScope(probe.store, scope)) count += 1;
    return count;
  });
  return {
    rate: memories / seconds,
    seconds,
    inStore: probe.spent,
    lines,
    cpu,
    load: loadavg()[0] ?? 0,
  };
}

/** `apply` of as many adds, 256 per call: the model-facing write path, for comparison in the same run. */
async function measureApply(store: MemoryStore, serverCpu: ServerCpu): Promise<Measure> {
  const { seconds, cpu } = await measured(serverCpu, async () => {
    for (let start = 0; start < memories; start += Limits.opsPerApply) {
      const count = Math.min(Limits.opsPerApply, memories - start);
      const ops = Array.from({ length: count }, (_, offset) => ({
        op: 'add' as const,
        text: `Fact number ${start + offset} about the user, with a few words of detail`,
      }));
      await store.apply(scope, ops, { writer: 'bench' });
    }
  });
  return { rate: memories / seconds, seconds, inStore: new Map(), cpu, load: loadavg()[0] ?? 0 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The store calls' shares of the run, and the rest: the dump package's own work that did not overlap them. */
function shares(measure: Measure): {
  readonly calls: Record<string, number>;
  readonly rest: number;
} {
  const total = measure.seconds * 1_000;
  const calls = Object.fromEntries(
    [...measure.inStore].map(([name, ms]) => [name, Math.round((100 * ms) / total)]),
  );
  const store = [...measure.inStore.values()].reduce((sum, ms) => sum + ms, 0);
  return { calls, rest: Math.round((100 * (total - store)) / total) };
}

/** One line of the results: the median run of an operation on a store. */
interface DumpBenchRow {
  readonly store: string;
  readonly operation: 'import' | 'import, exclusive' | 'import again' | 'export' | 'apply';
  /** Memories per second of the clock. */
  readonly rate: number;
  readonly seconds: number;
  /** CPU seconds of this process, and of the database server when it could be read. */
  readonly cpu: { readonly process: number; readonly server?: number };
  /** Memories per CPU second, this process's and the server's together: the rate one idle core would give. */
  readonly ratePerCpuSecond: number;
  /** Percent of the run in each store call, and outside them; empty for `apply`. */
  readonly shares: { readonly calls: Record<string, number>; readonly rest: number } | undefined;
  /** The 1-minute load average when the run ended. */
  readonly load: number;
}

async function bench(
  name: string,
  database: StoreDatabase,
  serverCpu: ServerCpu,
  close: () => Promise<void>,
): Promise<DumpBenchRow[]> {
  const store = await createDrizzleStore({ db: database });
  const lines = syntheticDump();
  const fresh: Measure[] = [];
  const again: Measure[] = [];
  const exported: Measure[] = [];
  const exclusive: Measure[] = [];
  const applied: Measure[] = [];
  for (let run = 0; run < runs; run += 1) {
    await eraseStoreTables(database);
    applied.push(await measureApply(store, serverCpu));
    await eraseStoreTables(database);
    fresh.push(await measureImport(store, lines, serverCpu));
    again.push(await measureImport(store, lines, serverCpu));
    const result = await measureExport(store, serverCpu);
    if (result.lines !== lines.length)
      throw new Error(`the export wrote ${result.lines} lines, not ${lines.length}`);
    exported.push(result);
    await eraseStoreTables(database);
    exclusive.push(await measureImport(store, lines, serverCpu, true));
  }
  await store.close();
  await close();
  const row = (operation: DumpBenchRow['operation'], measures: Measure[]): DumpBenchRow => {
    const rates = measures.map((measure) => measure.rate);
    const typical = (measures[rates.indexOf(median(rates))] ?? measures[0]) as Measure;
    const cpuSeconds = typical.cpu.process + (typical.cpu.server ?? 0);
    return {
      store: name,
      operation,
      rate: median(rates),
      seconds: median(measures.map((measure) => measure.seconds)),
      cpu: typical.cpu,
      ratePerCpuSecond: memories / cpuSeconds,
      shares: operation === 'apply' ? undefined : shares(typical),
      load: typical.load,
    };
  };
  return [
    row('import', fresh),
    row('import, exclusive', exclusive),
    row('import again', again),
    row('export', exported),
    row('apply', applied),
  ];
}

const grouped = (value: number) => Math.round(value).toLocaleString('en');

/** The rows as a Markdown table, for the console. */
function printed(rows: readonly DumpBenchRow[]): string {
  const lines = rows.map((row) => {
    const where = row.shares
      ? `${Object.entries(row.shares.calls)
          .map(([call, percent]) => `${call} ${percent} %`)
          .join(', ')}; not waiting on the store ${row.shares.rest} %`
      : '';
    const server = row.cpu.server === undefined ? '' : ` + server ${row.cpu.server.toFixed(1)}`;
    return `| ${row.store} | ${row.operation} | ${grouped(row.rate)} | ${row.seconds.toFixed(1)} | process ${row.cpu.process.toFixed(1)}${server} | ${grouped(row.ratePerCpuSecond)} | ${where} |`;
  });
  return [
    '| store | operation | memories/s | seconds | CPU seconds | memories per CPU second | where the time goes (share of the run) |',
    '| --- | --- | ---: | ---: | --- | ---: | --- |',
    ...lines,
  ].join('\n');
}

const loadBefore = loadavg();
const rows: DumpBenchRow[] = [];
let server: string | undefined;
if (backends.includes('pglite')) {
  const client = await PGlite.create({ extensions: { vector } });
  rows.push(
    ...(await bench(
      'PGlite',
      drizzlePglite({ client }),
      async () => undefined,
      () => client.close(),
    )),
  );
}
if (backends.includes('postgres')) {
  const url = await testDatabase('symfonic_dump_bench');
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    server = (await pool.query<{ server_version: string }>('show server_version')).rows[0]
      ?.server_version;
    rows.push(
      ...(await bench('PostgreSQL', drizzleNodePostgres({ client: pool }), postgresCpu(pool), () =>
        pool.end(),
      )),
    );
  } else {
    console.log('PostgreSQL: skipped, DATABASE_URL is not set');
  }
}
console.log(
  `\n${memories.toLocaleString('en')} memories (${Math.floor(memories / 10).toLocaleString('en')} turns), ${runs} runs, medians; load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')} before, ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} after\n`,
);
console.log(printed(rows));

/** The goal the PostgreSQL import and export rates are read against, in memories per second. */
const goalPerSecond = 5_000;
const operations = {
  import: '`importScope` into empty tables',
  'import, exclusive': '`importScope` with `exclusive` into empty tables',
  'import again': '`importScope` again, all present',
  export: '`exportScope`',
  apply: '`apply`, 256 adds a call, for comparison',
} as const;
/** A count as the README writes it: thousands grouped by a space (`10 000`). */
const spaced = (value: number) => Math.round(value).toLocaleString('en').replaceAll(',', ' ');
const figures: Figures = {
  document: 'packages/store-drizzle/README.md',
  section: 'dump-bench',
  measured: `\`node packages/store-drizzle/dist/dump.bench.js\`, ${spaced(memories)} memories and ${spaced(Math.floor(memories / 10))} turns, ${runs === 1 ? 'one run' : `medians of ${runs} runs`}${server === undefined ? '' : `, PostgreSQL ${server}`}, on ${benchMachine()}`,
  columns: [
    { title: 'store' },
    { title: 'operation' },
    { title: 'memories/s', align: 'right' },
    { title: 'goal ≥ 5 000/s' },
    { title: 'seconds', align: 'right' },
    { title: 'CPU seconds (process + server)', align: 'right' },
    { title: 'memories per CPU second', align: 'right' },
    { title: 'load average (1 min) at its end', align: 'right' },
    { title: 'where the time goes (share of the run)' },
  ],
  rows: rows.map((row) => [
    row.store,
    operations[row.operation],
    spaced(row.rate),
    row.store === 'PostgreSQL' && row.operation !== 'import again' && row.operation !== 'apply'
      ? row.rate >= goalPerSecond
        ? 'met'
        : '**missed**'
      : '',
    row.seconds.toFixed(1),
    `${row.cpu.process.toFixed(1)}${row.cpu.server === undefined ? '' : ` + ${row.cpu.server.toFixed(1)}`}`,
    spaced(row.ratePerCpuSecond),
    row.load.toFixed(1),
    row.shares
      ? [
          ...Object.entries(row.shares.calls).map(([call, percent]) => `\`${call}\` ${percent} %`),
          `the dump package ${row.shares.rest} %`,
        ].join(', ')
      : '',
  ]),
};
saveFigures(figures, new URL('../', import.meta.url));
