/**
 * Scale benchmark of the Drizzle store on PostgreSQL: one tenant of USERS users with
 * PER_USER memories each, plus HOT memories at one user (by default 1 000 × 1 000 + 10 000,
 * about a million), vectors from the local n-gram embedder. It reports:
 *
 * - the import rates of the store's two write paths: `apply` (the HOT user's memories, batches
 *   of `Limits.opsPerApply`, LOADERS in parallel, lexical) and `restore` (every other memory,
 *   batches of `Limits.restoreBatch`, LOADERS in parallel, each batch embedded by the store
 *   and written with its vectors, the HNSW index not yet built): the first LIVE_BATCHES
 *   batches (default 20) with every index in place, the rest with the indexes no write needs
 *   dropped, then built again (timed with them);
 * - the vector backfill rate (`embedMissing`, the HOT user's memories) and the HNSW index
 *   build time (the open of a store with the embedder, over every vector, with
 *   `maintenance_work_mem` = BUILD_MEMORY on its connections);
 * - p50 / p95 of `retrieve` (limit 10) and `hydrate` at the hot user, lexical and hybrid;
 * - the `EXPLAIN (ANALYZE, BUFFERS)` plan of the slowest statement of a hybrid retrieve;
 * - the table and index sizes.
 *
 * It works in a database of its own (`symfonic_scale`, with `SYMFONIC_TEST_DATABASE_SUFFIX`
 * appended when set), created empty and dropped at the end (KEEP_DATABASE=1 keeps it). Its
 * output is JSON (`SCALE_OUT`, default `scale-bench.json`) with the machine it ran on, written
 * after the lexical reads and again at the end, so a run stopped during the index build still
 * leaves its import and lexical figures; `node dist/write-scale-table.js` writes the table
 * into the store-drizzle README from it.
 *
 *   npx tsc -b apps/eval && DATABASE_URL=postgres://… pnpm --filter @symfonic/eval bench:scale
 *   USERS=20 PER_USER=1000 HOT=10000 QUERIES=50 … for a smaller run
 *   VECTORS=0 … lexical only: no vectors, no HNSW index, no hybrid reads
 *
 * Not a test: it measures, and says where the goals are missed.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Limits, type RestoredMemory } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { percentile, zipfCorpus } from '@symfonic/test-support';
import { testDatabase } from '@symfonic/test-support/postgres';
import pg from 'pg';

const users = Number(process.env.USERS ?? 1_000);
const perUser = Number(process.env.PER_USER ?? 1_000);
const hot = Number(process.env.HOT ?? 10_000);
const queries = Number(process.env.QUERIES ?? 100);
const loaders = Number(process.env.LOADERS ?? 4);
const buildMemory = process.env.BUILD_MEMORY ?? '4GB';
/** VECTORS=0: lexical only (no vectors, no HNSW index, no hybrid reads). */
const vectors = process.env.VECTORS !== '0';
const output = process.env.SCALE_OUT ?? 'scale-bench.json';
const warmup = 10;
const tenant = 'scale';
const hotUser = 'user:hot';
const provenance = { writer: 'bench' };
const { sentence } = zipfCorpus(7);
/** The text of the `index`-th memory of a user: 6 to 12 words, numbered so none repeats. */
const memoryText = (index: number) => `${sentence(6 + (index % 7))} #${index}`;

const url = await testDatabase('symfonic_scale');
if (!url) {
  console.log('the scale benchmark needs DATABASE_URL (a PostgreSQL server with pgvector)');
  process.exit(0);
}
const databaseName = new URL(url).pathname.slice(1);
const admin = new pg.Pool({ connectionString: url, max: 2 });
const embedder = createLocalEmbedder();
const elapsed = async (action: () => Promise<unknown>) => {
  const start = performance.now();
  await action();
  return performance.now() - start;
};
/** Run `work` on items 0 … count - 1, `loaders` at a time, each item taken in order. */
async function inParallel(count: number, work: (item: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: loaders }, async () => {
      for (let item = next++; item < count; item = next++) await work(item);
    }),
  );
}
async function sizes() {
  return (
    await admin.query<{ name: string; kind: string; bytes: string }>(
      `select relname as name, case relkind when 'i' then 'index' else 'table' end as kind,
         pg_relation_size(oid) as bytes
       from pg_class where relnamespace = 'symfonic'::regnamespace and relkind in ('r', 'i')
       order by pg_relation_size(oid) desc`,
    )
  ).rows.map((row) => ({ name: row.name, kind: row.kind, bytes: Number(row.bytes) }));
}
const total = users * perUser + hot;
const result: Record<string, unknown> = {
  corpus: {
    users,
    perUser,
    hot,
    total,
    ...(vectors ? { embedder: embedder.model, dimensions: embedder.dimensions } : {}),
  },
  loaders,
  queries,
};
function writeResult() {
  const server = {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    node: process.version,
  };
  const machine = { ...server, ...(result.machine as object | undefined) };
  writeFileSync(
    output,
    `${JSON.stringify({ when: new Date().toISOString(), ...result, machine }, null, 2)}\n`,
  );
}
result.machine = {
  server: (await admin.query<{ version: string }>('select version()')).rows[0]?.version ?? '',
};

// The stores. `vectorStore` has the embedder and writes vectors, but its HNSW index is
// dropped right after the open creates it: the index is built once, over every vector, at
// the end of the import, as a deploy after a bulk load would.
const loaderPool = new pg.Pool({ connectionString: url, max: loaders });
const lexical = await openNodePostgresStore({ pool: loaderPool });
const vectorPool = new pg.Pool({ connectionString: url, max: loaders });
const vectorStore = vectors
  ? await openNodePostgresStore({ pool: vectorPool, embedder })
  : await openNodePostgresStore({ pool: vectorPool });
if (vectors) {
  const [hnsw] = (
    await admin.query<{ name: string }>(
      "select indexname as name from pg_indexes where schemaname = 'symfonic' and indexname like 'memory_embeddings_hnsw_%'",
    )
  ).rows;
  await admin.query(`drop index symfonic."${hnsw?.name}"`);
}
(result.machine as Record<string, unknown>).pgvector =
  (
    await admin.query<{ version: string }>(
      "select extversion as version from pg_extension where extname = 'vector'",
    )
  ).rows[0]?.version ?? 'none';

// Import through `apply`: the hot user's memories, lexical.
const applyBatches = Math.ceil(hot / Limits.opsPerApply);
const applyMs = await elapsed(() =>
  inParallel(applyBatches, async (batch) => {
    const from = batch * Limits.opsPerApply;
    const count = Math.min(Limits.opsPerApply, hot - from);
    const ops = Array.from({ length: count }, (_, offset) => ({
      op: 'add' as const,
      text: memoryText(from + offset),
    }));
    const applied = await lexical.apply({ tenant, path: [hotUser] }, ops, provenance);
    if (applied.rejected.length > 0) throw new Error(`${applied.rejected.length} ops rejected`);
  }),
);
result.apply = { memories: hot, perSecond: (hot / applyMs) * 1_000 };
console.error(`apply: ${hot} memories, ${Math.round((hot / applyMs) * 1_000)}/s`);

// Import through `restore`: every other memory, with its vector.
const restoreBatches: { user: number; from: number; count: number }[] = [];
for (let user = 0; user < users; user += 1) {
  for (let from = 0; from < perUser; from += Limits.restoreBatch) {
    restoreBatches.push({ user, from, count: Math.min(Limits.restoreBatch, perUser - from) });
  }
}
const at = new Date('2026-01-01T00:00:00Z').getTime();
let restored = 0;
async function restoreBatch(batch: number) {
  const { user, from, count } = restoreBatches[batch] as (typeof restoreBatches)[number];
  const scope = { tenant, path: [`user:${user}`] };
  const memories: RestoredMemory[] = Array.from({ length: count }, (_, offset) => {
    const id = randomUUID();
    return {
      id,
      scope,
      versions: [
        {
          memoryId: id,
          version: 1,
          change: 'created' as const,
          layer: 'episodic' as const,
          text: memoryText(from + offset),
          salience: 0.5,
          provenance,
          at: new Date(at + user * perUser + from + offset),
        },
      ],
    };
  });
  const written = await vectorStore.restore(scope, { memories });
  if (written.memories.some((outcome) => outcome.status !== 'imported')) {
    throw new Error(`batch ${batch}: not every memory was restored`);
  }
  restored += count;
  if (batch % 50 === 0) console.error(`restored ${restored} of ${users * perUser}`);
}
// The first LIVE_BATCHES batches with every index in place: the rate of `restore` itself.
const liveBatches = Math.min(Number(process.env.LIVE_BATCHES ?? 20), restoreBatches.length);
const liveMs = await elapsed(() => inParallel(liveBatches, (batch) => restoreBatch(batch)));
const liveMemories = restored;
// The rest as a bulk load does it: the indexes no write needs (every one but the unique
// ones, which deduplicate) are dropped, the rows restored, and the indexes built again.
const secondary = (
  await admin.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'symfonic' and indexdef not like 'CREATE UNIQUE INDEX%'`,
  )
).rows;
for (const { name } of secondary) await admin.query(`drop index symfonic."${name}"`);
const bulkMs = await elapsed(() =>
  inParallel(restoreBatches.length - liveBatches, (batch) => restoreBatch(liveBatches + batch)),
);
const rebuild = await admin.connect();
const rebuildMs = await elapsed(async () => {
  await rebuild.query(`set maintenance_work_mem = '${buildMemory}'`);
  for (const { definition } of secondary) await rebuild.query(definition);
});
rebuild.release();
const bulkMemories = restored - liveMemories;
result.restore = {
  live: { memories: liveMemories, perSecond: (liveMemories / liveMs) * 1_000 },
  bulk: {
    memories: bulkMemories,
    perSecond: (bulkMemories / (bulkMs + rebuildMs)) * 1_000,
    indexRebuildSeconds: rebuildMs / 1_000,
    indexes: secondary.map(({ name }) => name),
  },
};
console.error(
  `restore: ${liveMemories} live in ${(liveMs / 1_000).toFixed(0)} s, ${bulkMemories} bulk in ${(bulkMs / 1_000).toFixed(0)} s + ${(rebuildMs / 1_000).toFixed(0)} s of index builds`,
);

const conversation = { tenant, path: [hotUser, 'conversation:1'] };
for (let turn = 0; turn < 8; turn += 1) {
  await lexical.append(conversation, {
    turnId: `t${turn}`,
    speaker: turn % 2 ? 'assistant' : 'user',
    text: sentence(12),
  });
}

// The vectors of the memories `apply` wrote without one.
if (vectors) {
  const backfillMs = await elapsed(() => vectorStore.embedMissing());
  result.backfill = { memories: hot, perSecond: (hot / backfillMs) * 1_000 };
}
await vectorStore.close();
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
const reads: Record<string, unknown> = {
  lexical: {
    retrieve: await latencies((cue) => lexical.retrieve({ scope, cue, limit: 10 })),
    hydrate: await latencies((cue) => lexicalMemory.hydrate(conversation, cue)),
  },
};
result.reads = reads;
result.sizes = await sizes();
writeResult();
console.error(`lexical reads: ${JSON.stringify(reads.lexical)}`);

// The slowest statement of a retrieve, with its plan: the statements are caught by a pool
// whose queries are logged, then each is explained alone, with the settings the store gives
// its vector search.
async function slowestStatement(withVectors: boolean) {
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
  const explained = await openNodePostgresStore(
    withVectors ? { pool: tapped, embedder } : { pool: tapped },
  );
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
      if (withVectors) {
        await explainer.query("select set_config('hnsw.ef_search', '200', true)");
        await explainer.query('set local hnsw.iterative_scan = strict_order');
      }
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
    await explained.close();
    await tapped.end().catch(() => undefined);
  }
  return { ranking: withVectors ? 'hybrid' : 'lexical', ...slowest };
}

if (vectors) {
  // The HNSW index, over every vector, built by the open of a store with the embedder.
  const buildPool = new pg.Pool({
    connectionString: url,
    max: 4,
    options: `-c maintenance_work_mem=${buildMemory}`,
  });
  let hybridStore: Awaited<ReturnType<typeof openNodePostgresStore>> | undefined;
  const indexBuildMs = await elapsed(async () => {
    hybridStore = await openNodePostgresStore({ pool: buildPool, embedder });
  });
  const hybrid = hybridStore as NonNullable<typeof hybridStore>;
  result.indexBuild = { seconds: indexBuildMs / 1_000, maintenanceWorkMem: buildMemory };
  console.error(`HNSW build: ${(indexBuildMs / 1_000).toFixed(1)} s`);
  const hybridMemory = createMemory({ store: hybrid, embedder });
  reads.hybrid = {
    retrieve: await latencies((cue) => hybrid.retrieve({ scope, cue, limit: 10 })),
    hydrate: await latencies((cue) => hybridMemory.hydrate(conversation, cue)),
  };
  await hybrid.close();
  await buildPool.end();
}
const slowest = await slowestStatement(vectors);
result.slowestStatement = slowest;
result.sizes = await sizes();
writeResult();
console.log(JSON.stringify({ ...result, slowestStatement: { ms: slowest.ms } }, null, 2));
console.log(slowest.plan);
await lexical.close();
await Promise.all([admin.end(), loaderPool.end(), vectorPool.end()]);

if (process.env.KEEP_DATABASE !== '1') {
  const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await server.connect();
  await server.query(`drop database if exists "${databaseName}" with (force)`);
  await server.end();
  console.error(`dropped ${databaseName}`);
}
