/**
 * Scale benchmark of the Drizzle store on PostgreSQL: one tenant of USERS users with
 * PER_USER memories each, plus HOT memories at one user (by default 1 000 × 1 000 + 10 000,
 * about a million), vectors from the local n-gram embedder. It reports:
 *
 * - the import rate (`apply`, batches of `Limits.opsPerApply`, LOADERS in parallel, lexical);
 * - the vector backfill rate (`embedMissing`) and the HNSW index build time (the open of a
 *   store with the embedder, over every vector);
 * - p50 / p95 of `retrieve` (limit 10) and `hydrate` at the hot user, lexical and hybrid;
 * - the `EXPLAIN (ANALYZE, BUFFERS)` plan of the slowest statement of a hybrid retrieve;
 * - the table and index sizes.
 *
 * Its output is JSON (`SCALE_OUT`, default `scale-bench.json`) with the machine it ran on;
 * `node dist/write-scale-table.js` writes the table into the store-drizzle README from it.
 *
 *   npx tsc -b apps/eval && DATABASE_URL=postgres://… pnpm --filter @symfonic/eval bench:scale
 *   USERS=20 PER_USER=1000 HOT=10000 QUERIES=50 … for a smaller run
 *
 * Not a test: it measures, and says where the goals are missed.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Limits } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { testDatabase } from '@symfonic/test-support/postgres';
import pg from 'pg';
import { percentile } from './percentile.js';

const users = Number(process.env.USERS ?? 1_000);
const perUser = Number(process.env.PER_USER ?? 1_000);
const hot = Number(process.env.HOT ?? 10_000);
const queries = Number(process.env.QUERIES ?? 100);
const loaders = Number(process.env.LOADERS ?? 4);
const output = process.env.SCALE_OUT ?? 'scale-bench.json';
const warmup = 10;
const tenant = 'scale';
const hotUser = 'user:hot';

/** mulberry32: every run writes the same corpus and asks the same cues. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(7);
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'gu'];
const vocabulary = Array.from({ length: 5_000 }, (_, index) => {
  let word = '';
  let rest = index + 7;
  while (rest > 0 || word.length < 4) {
    word += syllables[rest % syllables.length];
    rest = Math.floor(rest / syllables.length);
  }
  return word;
});
/** Zipf-like: word k is drawn with weight 1 / (k + 1). */
const cumulative: number[] = [];
vocabulary.forEach((_, index) => {
  cumulative.push((cumulative[index - 1] ?? 0) + 1 / (index + 1));
});
function word(): string {
  const target = random() * (cumulative.at(-1) ?? 1);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] ?? 0) < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low] ?? 'word';
}
const sentence = (words: number) => Array.from({ length: words }, word).join(' ');

const url = await testDatabase('symfonic_scale_bench');
if (!url) {
  console.log('the scale benchmark needs DATABASE_URL (a PostgreSQL server with pgvector)');
  process.exit(0);
}
const admin = new pg.Pool({ connectionString: url, max: 2 });
const embedder = createLocalEmbedder();
const elapsed = async (action: () => Promise<unknown>) => {
  const start = performance.now();
  await action();
  return performance.now() - start;
};

// Import: lexical, LOADERS batches in flight at once, each one transaction.
const loaderPool = new pg.Pool({ connectionString: url, max: loaders });
const lexical = await openNodePostgresStore({ pool: loaderPool });
const batches: { user: string; from: number; count: number }[] = [];
for (let user = 0; user < users; user += 1) {
  for (let from = 0; from < perUser; from += Limits.opsPerApply) {
    batches.push({
      user: `user:${user}`,
      from,
      count: Math.min(Limits.opsPerApply, perUser - from),
    });
  }
}
for (let from = 0; from < hot; from += Limits.opsPerApply) {
  batches.push({ user: hotUser, from, count: Math.min(Limits.opsPerApply, hot - from) });
}
const total = users * perUser + hot;
let next = 0;
let done = 0;
const importMs = await elapsed(() =>
  Promise.all(
    Array.from({ length: loaders }, async () => {
      for (let taken = next++; taken < batches.length; taken = next++) {
        const { user, from, count } = batches[taken] as (typeof batches)[number];
        const ops = Array.from({ length: count }, (_, offset) => ({
          op: 'add' as const,
          text: `${sentence(6 + ((from + offset) % 7))} #${from + offset}`,
        }));
        const result = await lexical.apply({ tenant, path: [user] }, ops, { writer: 'bench' });
        if (result.rejected.length > 0) throw new Error(`${result.rejected.length} ops rejected`);
        done += count;
        if (taken % 200 === 0) console.error(`imported ${done} of ${total}`);
      }
    }),
  ),
);
const conversation = { tenant, path: [hotUser, 'conversation:1'] };
for (let turn = 0; turn < 8; turn += 1) {
  await lexical.append(conversation, {
    turnId: `t${turn}`,
    speaker: turn % 2 ? 'assistant' : 'user',
    text: sentence(12),
  });
}

// Vectors: the index of the model is created empty, dropped, the vectors backfilled, and the
// index built over all of them by the open of a store with the embedder, as a deploy would.
const first = await openNodePostgresStore({ connectionString: url, embedder });
await first.close();
const [index] = (
  await admin.query<{ name: string }>(
    "select indexname as name from pg_indexes where indexname like 'memory_embeddings_hnsw_%'",
  )
).rows;
await admin.query(`drop index symfonic."${index?.name}"`);
const backfiller = await openNodePostgresStore({ connectionString: url, embedder });
await admin.query(`drop index symfonic."${index?.name}"`);
const backfillMs = await elapsed(() =>
  backfiller.embedMissing({
    onProgress: ({ embedded }) => {
      if (embedded % 50_000 < 500) console.error(`embedded ${embedded}`);
    },
  }),
);
await backfiller.close();
let hybrid: Awaited<ReturnType<typeof openNodePostgresStore>> | undefined;
const indexBuildMs = await elapsed(async () => {
  hybrid = await openNodePostgresStore({ connectionString: url, embedder });
});
const hybridStore = hybrid as NonNullable<typeof hybrid>;
await admin.query('analyze');

// Reads at the hot user.
const cues = Array.from({ length: queries + warmup }, () => sentence(3));
const scope = { tenant, path: [hotUser] };
async function latencies(action: (cue: string) => Promise<unknown>) {
  for (const cue of cues.slice(0, warmup)) await action(cue);
  const measured: number[] = [];
  for (const cue of cues.slice(warmup)) measured.push(await elapsed(() => action(cue)));
  return { p50: percentile(measured, 0.5), p95: percentile(measured, 0.95) };
}
const lexicalMemory = createMemory({ store: lexical });
const hybridMemory = createMemory({ store: hybridStore, embedder });
const reads = {
  lexical: {
    retrieve: await latencies((cue) => lexical.retrieve({ scope, cue, limit: 10 })),
    hydrate: await latencies((cue) => lexicalMemory.hydrate(conversation, cue)),
  },
  hybrid: {
    retrieve: await latencies((cue) => hybridStore.retrieve({ scope, cue, limit: 10 })),
    hydrate: await latencies((cue) => hybridMemory.hydrate(conversation, cue)),
  },
};

// The slowest statement of a hybrid retrieve, with its plan: the statements are caught by a
// pool whose queries are logged, then each is explained alone, with the settings the store
// gives its vector search.
const logged: { text: string; values: unknown[] }[] = [];
const tapped = new pg.Pool({ connectionString: url, max: 2 });
tapped.on('connect', (client) => {
  const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string')
      logged.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      logged.push({ text: config.text, values: config.values ?? (second as unknown[]) ?? [] });
    }
    return clientQuery(...args);
  }) as typeof client.query;
});
const explained = await openNodePostgresStore({ pool: tapped, embedder });
logged.length = 0;
await explained.retrieve({ scope, cue: cues[warmup] ?? 'word', limit: 10 });
const statements = logged.filter(
  (entry) => /^\s*(select|with)/i.test(entry.text) && !entry.text.includes('set_config'),
);
let slowest = { ms: -1, plan: '' };
const explainer = await tapped.connect();
try {
  for (const statement of statements) {
    await explainer.query('begin');
    await explainer.query("select set_config('hnsw.ef_search', '200', true)");
    await explainer.query('set local hnsw.iterative_scan = strict_order');
    const plan = await explainer.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      statement.values,
    );
    await explainer.query('rollback');
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
    if (ms > slowest.ms) slowest = { ms, plan: lines.join('\n') };
  }
} finally {
  explainer.release();
}
await explained.close();

const sizes = (
  await admin.query<{ name: string; kind: string; bytes: string }>(
    `select relname as name, case relkind when 'i' then 'index' else 'table' end as kind,
       pg_relation_size(oid) as bytes
     from pg_class where relnamespace = 'symfonic'::regnamespace and relkind in ('r', 'i')
     order by pg_relation_size(oid) desc`,
  )
).rows.map((row) => ({ name: row.name, kind: row.kind, bytes: Number(row.bytes) }));
const server = (await admin.query<{ version: string }>('select version()')).rows[0]?.version ?? '';
const pgvectorVersion =
  (
    await admin.query<{ version: string }>(
      "select extversion as version from pg_extension where extname = 'vector'",
    )
  ).rows[0]?.version ?? 'none';

const result = {
  when: new Date().toISOString(),
  machine: {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    node: process.version,
    server,
    pgvector: pgvectorVersion,
  },
  corpus: { users, perUser, hot, total, embedder: embedder.model, dimensions: embedder.dimensions },
  importPerSecond: (total / importMs) * 1_000,
  loaders,
  backfillPerSecond: (total / backfillMs) * 1_000,
  indexBuildSeconds: indexBuildMs / 1_000,
  queries,
  reads,
  slowestStatement: slowest,
  sizes,
};
writeFileSync(output, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ ...result, slowestStatement: { ms: slowest.ms } }, null, 2));
console.log(slowest.plan);
await Promise.all([lexical.close(), hybridStore.close(), admin.end()]);
await loaderPool.end();
await tapped.end().catch(() => undefined);
