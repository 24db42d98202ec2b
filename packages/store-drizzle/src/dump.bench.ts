/**
 * Benchmark of dump and restore (`@symfonic/dump`) on the Drizzle store:
 * `importScope` and `exportScope` rates, in memories per second, at 100 000
 * memories in one user (most with one version, some updated, some deleted,
 * and one conversation turn per ten memories), on PGlite and (when
 * DATABASE_URL is set) on PostgreSQL through node-postgres, without an
 * embedder. Each run writes as many memories through `apply` (the
 * model-facing path, for comparison), then imports the dump into empty
 * tables, imports it again (every line already present), then exports it;
 * the store's calls are timed, to say where the time goes: the rest of
 * the run is the dump package's own work (parsing, checking, serialising)
 * that did not overlap a store call (an import checks the next batch while
 * the store writes one).
 *
 *   npx tsc -b packages/store-drizzle && node packages/store-drizzle/dist/dump.bench.js
 *   MEMORIES=20000 RUNS=1 BACKENDS=postgres … for a shorter run
 *
 * Not a test: it prints tables of medians.
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Limits, type MemoryStore } from '@symfonic/core';
import { dumpFormat, exportScope, importScope } from '@symfonic/dump';
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
      return async (...args: unknown[]) => {
        const begin = performance.now();
        try {
          return await value.apply(target, args);
        } finally {
          const key = String(name);
          spent.set(key, (spent.get(key) ?? 0) + performance.now() - begin);
        }
      };
    },
  });
  return { store: wrapped, spent };
}

interface Measure {
  readonly rate: number;
  readonly seconds: number;
  readonly inStore: Map<string, number>;
}

async function measureImport(store: MemoryStore, lines: readonly string[]): Promise<Measure> {
  const probe = timed(store);
  const begin = performance.now();
  const report = await importScope(probe.store, lines);
  const seconds = (performance.now() - begin) / 1_000;
  if (report.refused.length > 0 || !report.complete) {
    throw new Error(
      `the import refused ${report.refused.length} lines: ${JSON.stringify(report.refused[0])}`,
    );
  }
  return { rate: memories / seconds, seconds, inStore: probe.spent };
}

async function measureExport(store: MemoryStore): Promise<Measure & { lines: number }> {
  const probe = timed(store);
  const begin = performance.now();
  let lines = 0;
  for await (const _line of exportScope(probe.store, scope)) lines += 1;
  const seconds = (performance.now() - begin) / 1_000;
  return { rate: memories / seconds, seconds, inStore: probe.spent, lines };
}

/** `apply` of as many adds, 256 per call: the model-facing write path, for comparison in the same run. */
async function measureApply(store: MemoryStore): Promise<Measure> {
  const begin = performance.now();
  for (let start = 0; start < memories; start += Limits.opsPerApply) {
    const count = Math.min(Limits.opsPerApply, memories - start);
    const ops = Array.from({ length: count }, (_, offset) => ({
      op: 'add' as const,
      text: `Fact number ${start + offset} about the user, with a few words of detail`,
    }));
    await store.apply(scope, ops, { writer: 'bench' });
  }
  const seconds = (performance.now() - begin) / 1_000;
  return { rate: memories / seconds, seconds, inStore: new Map() };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function share(measure: Measure): string {
  const total = measure.seconds * 1_000;
  if (measure.inStore.size === 0) return '';
  const calls = [...measure.inStore].map(
    ([name, ms]) => `${name} ${((100 * ms) / total).toFixed(0)} %`,
  );
  const store = [...measure.inStore.values()].reduce((sum, ms) => sum + ms, 0);
  return `${calls.join(', ')}; not waiting on the store ${((100 * (total - store)) / total).toFixed(0)} %`;
}

async function bench(
  name: string,
  database: StoreDatabase,
  close: () => Promise<void>,
): Promise<void> {
  const store = await createDrizzleStore({ db: database });
  const lines = syntheticDump();
  const fresh: Measure[] = [];
  const again: Measure[] = [];
  const exported: Measure[] = [];
  const applied: Measure[] = [];
  for (let run = 0; run < runs; run += 1) {
    await eraseStoreTables(database);
    applied.push(await measureApply(store));
    await eraseStoreTables(database);
    fresh.push(await measureImport(store, lines));
    again.push(await measureImport(store, lines));
    const result = await measureExport(store);
    if (result.lines !== lines.length)
      throw new Error(`the export wrote ${result.lines} lines, not ${lines.length}`);
    exported.push(result);
  }
  const row = (what: string, measures: Measure[]) => {
    const rates = measures.map((measure) => measure.rate);
    const typical = measures[rates.indexOf(median(rates))] ?? measures[0];
    return `| ${name} | ${what} | ${Math.round(median(rates)).toLocaleString('en')} | ${median(measures.map((m) => m.seconds)).toFixed(1)} | ${typical ? share(typical) : ''} |`;
  };
  console.log(row('import into empty tables', fresh));
  console.log(row('import again (all present)', again));
  console.log(row('export', exported));
  console.log(row('`apply`, 256 adds a call (comparison)', applied));
  await store.close();
  await close();
}

console.log(
  `\n${memories.toLocaleString('en')} memories (${Math.floor(memories / 10).toLocaleString('en')} turns), ${runs} runs, medians\n`,
);
console.log(
  '| store | operation | memories/s | seconds | where the time goes (share of the run) |',
);
console.log('| --- | --- | ---: | ---: | --- |');
if (backends.includes('pglite')) {
  const client = await PGlite.create({ extensions: { vector } });
  await bench('PGlite', drizzlePglite({ client }), () => client.close());
}
if (backends.includes('postgres')) {
  const url = await testDatabase('symfonic_dump_bench');
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    await bench('PostgreSQL', drizzleNodePostgres({ client: pool }), () => pool.end());
  } else {
    console.log('PostgreSQL: skipped, DATABASE_URL is not set');
  }
}
