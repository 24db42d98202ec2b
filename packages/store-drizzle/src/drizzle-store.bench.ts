/**
 * Benchmark of the Drizzle store: `retrieve` (limit 10) and `scanCandidates`
 * (scan budget 500) latency, p50 / p95, at 10k and 100k memories in one
 * scope, on PGlite and (when DATABASE_URL is set) on PostgreSQL through
 * node-postgres, for two kinds of cue: rare words (drawn from the whole Zipf
 * vocabulary) and common words (drawn from its 20 most frequent, each held by
 * thousands of memories). Also bulk `apply` throughput, and the query plans
 * of a common-word scan at the largest size. Nothing runs `ANALYZE` but the
 * store: its planner statistics are its own business.
 *
 *   npx tsc -b packages/store-drizzle && pnpm --filter @symfonic/store-drizzle bench
 *   SIZES=10000 QUERIES=50 BACKENDS=postgres … for a shorter run
 *
 * Not a test: it prints a table and says where the time goes. With `FIGURES=1` it also writes
 * the README's table to `figures/store-bench.json` for `pnpm figures`.
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { type EmbeddingProvider, Limits, type MemoryQuery } from '@symfonic/core';
import {
  benchMachine,
  type Figures,
  percentile,
  saveFigures,
  zipfCorpus,
} from '@symfonic/test-support';
import { testDatabase } from '@symfonic/test-support/postgres';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createDrizzleStore } from './create-drizzle-store.js';
import type { StoreDatabase } from './database/store-database.js';
import type { DrizzleMemoryStore } from './drizzle-memory-store.js';
import { resultRows } from './rows/result-rows.js';

const sizes = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const queries = Number(process.env.QUERIES ?? 100);
const warmup = 10;
const batch = Limits.opsPerApply;
const scope = { tenant: 'acme', path: ['user:1'] };
const provenance = { writer: 'bench' };

const { vocabulary, random, sentence } = zipfCorpus(42);
/** The 20 most frequent words of the vocabulary: each held by 5 to 65 % of the memories. */
const commonWords = vocabulary.slice(0, 20);
function commonSentence(words: number): string {
  return Array.from(
    { length: words },
    () => commonWords[Math.floor(random() * commonWords.length)] ?? 'word',
  ).join(' ');
}

/** The two kinds of cue measured. */
const cueKinds = {
  rare: () => sentence(3),
  common: () => commonSentence(3),
} as const;
type CueKind = keyof typeof cueKinds;

/** The two reads measured: `retrieve` with limit 10, and `scanCandidates`. */
type Operation = 'retrieve' | 'scan';

/** A hashed bag-of-words embedder (384 dimensions): cheap and deterministic, not a model. */
const embedder: EmbeddingProvider = {
  model: 'bench-hashed-words-384',
  dimensions: 384,
  embed: async (texts) =>
    texts.map((text) => {
      const values = new Float32Array(384);
      for (const token of text.toLowerCase().split(/\W+/u)) {
        let hash = 0x811c9dc5;
        for (const character of token)
          hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193);
        const dimension = (hash >>> 0) % 384;
        values[dimension] = (values[dimension] ?? 0) + 1;
      }
      const norm = Math.hypot(...values) || 1;
      return values.map((value) => value / norm);
    }),
};

interface Backend {
  readonly name: string;
  readonly vectors: boolean;
  readonly database: StoreDatabase;
  readonly logged: { query: string; params: unknown[] }[];
  readonly close: () => Promise<void>;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function load(store: DrizzleMemoryStore, from: number, to: number): Promise<number> {
  const start = performance.now();
  for (let first = from; first < to; first += batch) {
    const ops = Array.from({ length: Math.min(batch, to - first) }, (_, offset) => ({
      op: 'add' as const,
      text: `${sentence(6 + ((first + offset) % 7))} #${first + offset}`,
      layer: (first + offset) % 3 === 0 ? ('episodic' as const) : ('semantic' as const),
    }));
    const result = await store.apply(scope, ops, provenance);
    if (result.rejected.length > 0) throw new Error(`${result.rejected.length} ops rejected`);
  }
  return ((to - from) / (performance.now() - start)) * 1_000;
}

interface Row {
  backend: string;
  memories: number;
  vectors: string;
  operation: Operation;
  cue: CueKind;
  applyPerSecond: number;
  p50: number;
  p95: number;
  /** p50 of each statement of a read, run alone: the cue's words with their frequencies, the ranking. */
  statementP50: Record<StatementKind, number>;
  served: number;
}

type StatementKind = 'words' | 'ranking';

function kindOf(query: string): StatementKind | undefined {
  if (query.includes('lexical_scored')) return 'ranking';
  if (query.includes('cue_words as materialized')) return 'words';
  return undefined;
}

function read(
  store: DrizzleMemoryStore,
  operation: Operation,
  cue: string,
): Promise<{ memories: readonly unknown[] }> {
  const query: MemoryQuery = { scope, cue, limit: 10 };
  return operation === 'retrieve' ? store.retrieve(query) : store.scanCandidates(query);
}

async function measure(
  backend: Backend,
  store: DrizzleMemoryStore,
  size: number,
  applyPerSecond: number,
  operation: Operation,
  kind: CueKind,
): Promise<Row> {
  const cues = Array.from({ length: queries + warmup }, cueKinds[kind]);
  for (const cue of cues.slice(0, warmup)) await read(store, operation, cue);
  const latencies: number[] = [];
  const statements: Record<StatementKind, number[]> = { words: [], ranking: [] };
  let served = 0;
  for (const cue of cues.slice(warmup)) {
    backend.logged.length = 0;
    latencies.push(
      await timed(async () => {
        served += (await read(store, operation, cue)).memories.length;
      }),
    );
    // Hybrid rankings run in a transaction with `set local`: timed alone only when lexical.
    if (backend.vectors) continue;
    for (const entry of [...backend.logged]) {
      const statement = kindOf(entry.query);
      if (statement)
        statements[statement].push(
          await timed(() => rawExecute(backend, entry.query, entry.params)),
        );
    }
  }
  return {
    backend: backend.name,
    memories: size,
    vectors: backend.vectors ? 'hybrid (HNSW)' : 'lexical',
    operation,
    cue: kind,
    applyPerSecond,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    statementP50: {
      words: percentile(statements.words, 0.5),
      ranking: percentile(statements.ranking, 0.5),
    },
    served: served / queries,
  };
}

/** Run a captured statement with its parameters, bypassing the store (to see the SQL's own share). */
async function rawExecute(backend: Backend, query: string, params: unknown[]): Promise<unknown> {
  const chunks: SQL[] = [];
  const parts = query.split(/\$(\d+)/);
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`);
  });
  return backend.database.execute(sql.join(chunks));
}

async function plan(backend: Backend, store: DrizzleMemoryStore): Promise<string> {
  backend.logged.length = 0;
  await read(store, 'scan', commonSentence(3));
  const plans: string[] = [];
  for (const entry of [...backend.logged]) {
    const kind = kindOf(entry.query);
    if (kind === undefined) continue;
    const explained = await rawExecute(
      backend,
      `explain (analyze, costs off, timing on, summary on) ${entry.query}`,
      entry.params,
    );
    const lines = resultRows<{ 'QUERY PLAN': string }>(explained).map((row) => row['QUERY PLAN']);
    plans.push(`-- ${kind} statement\n${lines.join('\n')}`);
  }
  return plans.join('\n');
}

async function pgliteBackend(vectors: boolean): Promise<Backend> {
  const client = await PGlite.create({ extensions: { vector } });
  const logged: Backend['logged'] = [];
  const database = drizzlePglite({
    client,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  });
  return { name: 'PGlite', vectors, database, logged, close: () => client.close() };
}

async function postgresBackend(): Promise<Backend | undefined> {
  const url = await testDatabase('symfonic_drizzle_bench');
  if (!url) return undefined;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const logged: Backend['logged'] = [];
  const database = drizzleNodePostgres({
    client: pool,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  });
  return {
    name: 'PostgreSQL 15 (`pg`)',
    vectors: false,
    database,
    logged,
    close: () => pool.end(),
  };
}

async function run(
  backend: Backend,
  sizesToRun: readonly number[],
): Promise<{ rows: Row[]; plan: string }> {
  const store = await createDrizzleStore({
    db: backend.database,
    ...(backend.vectors ? { embedder } : {}),
  });
  const rows: Row[] = [];
  let loaded = 0;
  let lastPlan = '';
  for (const size of sizesToRun) {
    const applyPerSecond = await load(store, loaded, size);
    loaded = size;
    for (const operation of operations) {
      for (const kind of Object.keys(cueKinds) as CueKind[]) {
        rows.push(await measure(backend, store, size, applyPerSecond, operation, kind));
      }
    }
    lastPlan = await plan(backend, store);
    console.error(`measured ${backend.name} ${rows.at(-1)?.vectors} at ${size}`);
  }
  await store.close();
  await backend.close();
  return { rows, plan: lastPlan };
}

const backends = (process.env.BACKENDS ?? 'pglite,postgres').split(',');
const operations = (process.env.OPERATIONS ?? 'retrieve,scan').split(',') as Operation[];
const results: Row[] = [];
const plans: string[] = [];
if (backends.includes('pglite')) {
  const lexicalPglite = await run(await pgliteBackend(false), sizes);
  results.push(...lexicalPglite.rows);
  plans.push(
    `PGlite, lexical, ${sizes.at(-1)} memories, scanCandidates, common words:\n${lexicalPglite.plan}`,
  );
  // Vectors at 10k only: every add also inserts into the HNSW graph, slow in WebAssembly.
  const hybridSizes = sizes.filter((size) => size <= 10_000);
  const hybridPglite = await run(await pgliteBackend(true), hybridSizes);
  results.push(...hybridPglite.rows);
}
const postgres = backends.includes('postgres') ? await postgresBackend() : undefined;
if (postgres) {
  const measured = await run(postgres, sizes);
  results.push(...measured.rows);
  plans.push(
    `PostgreSQL, lexical, ${sizes.at(-1)} memories, scanCandidates, common words:\n${measured.plan}`,
  );
} else {
  console.log('PostgreSQL: skipped because DATABASE_URL is not set');
}

const format = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');
console.log(
  '\n| backend | memories in scope | ranking | read | cue words | apply memories/s | p50 ms | p95 ms | alone p50 ms: words and frequencies / ranking | served per query |',
);
console.log('| --- | ---: | --- | --- | --- | ---: | ---: | ---: | --- | ---: |');
for (const row of results) {
  const alone = [row.statementP50.words, row.statementP50.ranking].map(format).join(' / ');
  console.log(
    `| ${row.backend} | ${row.memories} | ${row.vectors} | ${row.operation} | ${row.cue} | ${Math.round(row.applyPerSecond)} | ${format(row.p50)} | ${format(row.p95)} | ${alone} | ${row.served.toFixed(1)} |`,
  );
}
console.log(
  `\nQueries: ${queries} per row after ${warmup} warm-up; 3-word cues, rare: from a Zipf vocabulary of ${vocabulary.length} words, common: from its ${commonWords.length} most frequent. retrieve: limit 10; scan: scanCandidates, budget 500.`,
);
console.log(
  'apply: batches of 1000 adds (one transaction each), measured while loading the rows up to that size.',
);
for (const text of plans) console.log(`\n${text}`);

/** A count as the README writes it: thousands grouped by a space (`10 000`). */
const grouped = (value: number) => Math.round(value).toLocaleString('en').replaceAll(',', ' ');
const figures: Figures = {
  document: 'packages/store-drizzle/README.md',
  section: 'store-bench',
  measured: `\`pnpm --filter @symfonic/store-drizzle bench\`, ${queries} queries per row after ${warmup} warm-up, on ${benchMachine()}`,
  columns: [
    { title: 'backend' },
    { title: 'memories', align: 'right' },
    { title: 'ranking' },
    { title: 'read' },
    { title: 'cue' },
    { title: '`apply` /s', align: 'right' },
    { title: 'p50 ms', align: 'right' },
    { title: 'p95 ms', align: 'right' },
    { title: 'alone, p50 ms: words and frequencies / ranking' },
  ],
  rows: results.map((row) => {
    const alone = [row.statementP50.words, row.statementP50.ranking];
    return [
      row.backend,
      grouped(row.memories),
      row.vectors === 'lexical' ? 'lexical' : `hybrid (${embedder.dimensions}-d, HNSW)`,
      row.operation === 'scan' ? '`scanCandidates`' : '`retrieve`',
      row.cue,
      grouped(row.applyPerSecond),
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      alone.every(Number.isFinite) ? alone.map(format).join(' / ') : '—',
    ];
  }),
};
saveFigures(figures, new URL('../', import.meta.url));
