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
 * SEED=bulk builds the corpus by seeding instead (for iterating on the read path, not an
 * import rate): the rows a `restore` writes (the same columns, keys, text hashes and vectors)
 * inserted 5 000 to a statement with every index but the primary keys dropped, then every
 * index built again (timed, the HNSW index apart); the import figures are then left out. With
 * REUSE=1 a database the benchmark seeded and kept before (KEEP_DATABASE=1) is read again as it
 * is, its seeding and index build figures taken from it.
 *
 *   npx tsc -b apps/eval && DATABASE_URL=postgres://… pnpm --filter @symfonic/eval bench:scale
 *   USERS=20 PER_USER=1000 HOT=10000 QUERIES=50 … for a smaller run
 *   VECTORS=0 … lexical only: no vectors, no HNSW index, no hybrid reads
 *   DIMENSIONS=64 … shorter vectors (the HNSW build over a million of 384 takes hours on 2 cores)
 *
 * Not a test: it measures, and says where the goals are missed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Limits, normalizeMemoryText, type RestoredMemory } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { percentile, saveFigures, zipfCorpus } from '@symfonic/test-support';
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
const total = users * perUser + hot;

/** SEED=bulk: the corpus is seeded, not imported through the store (see the header). */
const seeding = process.env.SEED === 'bulk';
/** REUSE=1: read a database seeded and kept before, as it is. */
const reuse = process.env.REUSE === '1';
const base = process.env.DATABASE_URL;
const kept = base && (await keptDatabase(base));
const url = kept || (await testDatabase('symfonic_scale'));
if (!url) {
  console.log('the scale benchmark needs DATABASE_URL (a PostgreSQL server with pgvector)');
  process.exit(0);
}
/**
 * With REUSE=1, the URL of the benchmark's database when it exists and holds a seeded corpus of
 * this size; otherwise undefined (the database is then created empty).
 */
async function keptDatabase(server: string): Promise<string | undefined> {
  if (!reuse) return undefined;
  const suffix = process.env.SYMFONIC_TEST_DATABASE_SUFFIX;
  const reused = new URL(server);
  reused.pathname = `/symfonic_scale${suffix ? `_${suffix}` : ''}`;
  const client = new pg.Client({ connectionString: reused.toString() });
  try {
    await client.connect();
    const [row] = (
      await client.query<{ figures: { total: number } }>('select figures from public.scale_seed')
    ).rows;
    return row?.figures.total === total ? reused.toString() : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const databaseName = new URL(url).pathname.slice(1);
const admin = new pg.Pool({ connectionString: url, max: 2 });
/** DIMENSIONS: the length of the local embedder's vectors (384 by default). */
const embedder = createLocalEmbedder(
  process.env.DIMENSIONS ? { dimensions: Number(process.env.DIMENSIONS) } : {},
);
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

/** The corpus through the store's own write paths, their rates in `result`. */
async function importThroughStore() {
  // `vectorStore` has the embedder and writes vectors, but its HNSW index is dropped right
  // after the open creates it: the index is built once, over every vector, at the end of the
  // import, as a deploy after a bulk load would.
  const vectorPool = new pg.Pool({ connectionString: url, max: loaders });
  const vectorStore = vectors
    ? await openNodePostgresStore({ pool: vectorPool, embedder })
    : await openNodePostgresStore({ pool: vectorPool });
  if (vectors) await dropVectorIndex();

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
  // The vectors of the memories `apply` wrote without one.
  if (vectors) {
    const backfillMs = await elapsed(() => vectorStore.embedMissing());
    result.backfill = { memories: hot, perSecond: (hot / backfillMs) * 1_000 };
  }
  await vectorStore.close();
  await vectorPool.end();
}

/** The HNSW index the open of a store with the embedder creates, dropped: it is built at the end. */
async function dropVectorIndex() {
  const [hnsw] = (
    await admin.query<{ name: string }>(
      "select indexname as name from pg_indexes where schemaname = 'symfonic' and indexname like 'memory_embeddings_hnsw_%'",
    )
  ).rows;
  if (hnsw) await admin.query(`drop index symfonic."${hnsw.name}"`);
}

/** The key of a scope as the store computes it: SHA-256 (hex) of the JSON `[tenant, ...path]`. */
const keyOf = (...scope: string[]) =>
  createHash('sha256').update(JSON.stringify(scope)).digest('hex');

/**
 * The corpus seeded (SEED=bulk): for each memory the `memory_versions`, `memories` and
 * `memory_embeddings` rows a `restore` of it writes, 5 000 memories to a statement, with every
 * index but the primary keys dropped, then built again. Its figures (`seed`) are kept in
 * `public.scale_seed` for REUSE=1. That the store reads them as its own is checked after:
 * users' memories listed through the store, and an `apply` of a seeded text deduplicated.
 */
async function seedInBulk() {
  if (vectors) {
    await (await openNodePostgresStore({ pool: loaderPool, embedder })).close();
    await dropVectorIndex();
  }
  const dropped = (
    await admin.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = 'symfonic' and not exists (
         select 1 from pg_constraint c where c.conname = i.indexname and c.contype = 'p')`,
    )
  ).rows;
  for (const { name } of dropped) await admin.query(`drop index symfonic."${name}"`);
  const vectorKey = `${embedder.dimensions}:${embedder.model}`;
  const tenantKey = keyOf(tenant);
  const at = new Date('2026-01-01T00:00:00Z').getTime();
  const owners = [
    ...Array.from({ length: users }, (_, user) => ({ segment: `user:${user}`, count: perUser })),
    { segment: hotUser, count: hot },
  ];
  const batches = owners.flatMap((owner, ownerIndex) =>
    Array.from({ length: Math.ceil(owner.count / 5_000) }, (_, part) => ({
      ...owner,
      ownerIndex,
      from: part * 5_000,
      to: Math.min(owner.count, (part + 1) * 5_000),
    })),
  );
  let written = 0;
  let heldText = '';
  const insertRows = (table: string, rows: Record<string, unknown>[]) => {
    const columns = Object.keys(rows[0] ?? {}).join(', ');
    return admin.query(
      `insert into symfonic.${table} (${columns}) select ${columns}
       from json_populate_recordset(null::symfonic.${table}, $1::json)`,
      [JSON.stringify(rows)],
    );
  };
  const seedMs = await elapsed(() =>
    inParallel(batches.length, async (item) => {
      const { segment, ownerIndex, from, to } = batches[item] as (typeof batches)[number];
      const placement = {
        tenant,
        scope_key: keyOf(tenant, segment),
        ancestor_keys: [tenantKey, keyOf(tenant, segment)],
      };
      const texts = Array.from({ length: to - from }, (_, offset) => memoryText(from + offset));
      heldText ||= texts[0] ?? '';
      const embedded = vectors ? await embedder.embed(texts) : [];
      const rows = texts.map((text, offset) => ({
        id: randomUUID(),
        text,
        at: new Date(at + ownerIndex * perUser + from + offset).toISOString(),
      }));
      const shared = { ...placement, path: [segment], layer: 'episodic', salience: 0.5 };
      await insertRows(
        'memory_versions',
        rows.map((row) => ({
          memory_id: row.id,
          version: 1,
          ...shared,
          change: 'created',
          text: row.text,
          writer: provenance.writer,
          at: row.at,
        })),
      );
      await insertRows(
        'memories',
        rows.map((row) => ({
          id: row.id,
          ...shared,
          text: row.text,
          text_hash: createHash('sha256').update(normalizeMemoryText(row.text)).digest('hex'),
          writer: provenance.writer,
          version: 1,
          created_at: row.at,
          updated_at: row.at,
          vector_models: vectors ? [vectorKey] : [],
        })),
      );
      if (vectors) {
        await insertRows(
          'memory_embeddings',
          rows.map((row, offset) => ({
            memory_id: row.id,
            model: embedder.model,
            dimensions: embedder.dimensions,
            ...placement,
            layer: 'episodic',
            embedding: Array.from(embedded[offset] as Float32Array),
          })),
        );
      }
      written += rows.length;
      if (item % 40 === 0) console.error(`seeded ${written} of ${total}`);
    }),
  );
  const rebuild = await admin.connect();
  const rebuildMs = await elapsed(async () => {
    await rebuild.query(`set maintenance_work_mem = '${buildMemory}'`);
    for (const { definition } of dropped) await rebuild.query(definition);
  });
  rebuild.release();
  const seed = {
    total,
    seconds: seedMs / 1_000,
    indexRebuildSeconds: rebuildMs / 1_000,
    indexes: dropped.map(({ name }) => name),
  };
  console.error(
    `seeded ${total} in ${seed.seconds.toFixed(0)} s, indexes built in ${seed.indexRebuildSeconds.toFixed(0)} s`,
  );
  await admin.query('create table public.scale_seed (figures jsonb not null)');
  await admin.query('insert into public.scale_seed values ($1)', [JSON.stringify(seed)]);
  // What the store reads of it: users' memories, and a seeded text as one it already holds.
  for (const { segment, count } of owners.filter((_, index) => index % 100 === 0)) {
    const listed = await lexical.list({ tenant, path: [segment] }, { limit: 100 });
    if (listed.records.length !== Math.min(100, count)) {
      throw new Error(`${segment}: the store lists ${listed.records.length} of its memories`);
    }
  }
  const again = await lexical.apply(
    { tenant, path: [batches[0]?.segment ?? hotUser] },
    [{ op: 'add', text: heldText, layer: 'episodic' }],
    provenance,
  );
  if (again.rejected[0]?.code !== 'duplicate') {
    throw new Error("a seeded text was not deduplicated: its hash is not the store's");
  }
}

const conversation = { tenant, path: [hotUser, 'conversation:1'] };
/** Eight turns at a conversation of the hot user: the working window `hydrate` reads. */
async function appendConversation() {
  for (let turn = 0; turn < 8; turn += 1) {
    await lexical.append(conversation, {
      turnId: `t${turn}`,
      speaker: turn % 2 ? 'assistant' : 'user',
      text: sentence(12),
    });
  }
}

const loaderPool = new pg.Pool({ connectionString: url, max: loaders });
const lexical = await openNodePostgresStore({ pool: loaderPool });
(result.machine as Record<string, unknown>).pgvector =
  (
    await admin.query<{ version: string }>(
      "select extversion as version from pg_extension where extname = 'vector'",
    )
  ).rows[0]?.version ?? 'none';
if (!kept) {
  if (seeding) await seedInBulk();
  else await importThroughStore();
  await appendConversation();
  await admin.query('analyze');
}
const [seeded] = (
  await admin
    .query<{ figures: Record<string, unknown> }>('select figures from public.scale_seed')
    .catch(() => ({ rows: [] }))
).rows;
if (seeded) result.seed = seeded.figures;

// Reads at the hot user, with cues of a corpus of their own: the same on a reused database.
const cueWords = zipfCorpus(11);
const cues = Array.from({ length: queries + warmup }, () => cueWords.sentence(3));
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

/**
 * With FIGURES set, the summary table of docs/scale-out.md (`figures/scale-out-figures.json`),
 * from this run's figures.
 */
function saveScaleFigures() {
  type Latencies = Record<'retrieve' | 'hydrate', { p50: number; p95: number }>;
  const measuredReads = reads as Partial<Record<'lexical' | 'hybrid', Latencies>>;
  const grouped = (value: number) => Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');
  const at = `at the user with ${grouped(hot)}, ${grouped(total)} memories`;
  const readRows = (['lexical', 'hybrid'] as const).flatMap((ranking) => {
    const latency = measuredReads[ranking];
    if (!latency) return [];
    const goal = ranking === 'lexical' ? 10 : 20;
    return [
      [
        `${ranking} \`retrieve\`, p50 / p95, ${at}`,
        `${latency.retrieve.p50.toFixed(1)} / ${latency.retrieve.p95.toFixed(1)} ms`,
        `p95 ≤ ${goal} ms`,
      ],
      [
        `${ranking} \`hydrate\`, p50 / p95, against \`retrieve\` p95`,
        `${latency.hydrate.p50.toFixed(1)} / ${latency.hydrate.p95.toFixed(1)} ms, ${(latency.hydrate.p95 / latency.retrieve.p95).toFixed(2)} ×`,
        '≤ 1.3 ×',
      ],
    ];
  });
  const seed = result.seed as { indexRebuildSeconds: number; seconds: number } | undefined;
  const build = result.indexBuild as { seconds: number } | undefined;
  const apply = result.apply as { perSecond: number } | undefined;
  const restore = result.restore as { live: { perSecond: number } } | undefined;
  const bytes = (result.sizes as { bytes: number }[]).reduce((sum, size) => sum + size.bytes, 0);
  const rows = [
    ...readRows,
    ...(restore && apply
      ? [
          [
            'import through `restore`, every index in place',
            `${grouped(restore.live.perSecond)} memories/s`,
            '≥ 5 000 /s',
          ],
          ['import through `apply`', `${grouped(apply.perSecond)} memories/s`, '≥ 5 000 /s'],
        ]
      : []),
    ...(seed
      ? [
          [
            `every index but the primary keys, built over ${grouped(total)} memories`,
            `${seed.indexRebuildSeconds.toFixed(0)} s`,
            '',
          ],
        ]
      : []),
    ...(build
      ? [
          [
            `HNSW build, ${grouped(total)} vectors of ${embedder.dimensions} dimensions`,
            `${build.seconds.toFixed(0)} s`,
            '',
          ],
        ]
      : []),
    [
      `every table and index, ${grouped(total)} memories${vectors ? ` with vectors of ${embedder.dimensions} dimensions` : ''}`,
      `${(bytes / 2 ** 30).toFixed(2)} GiB`,
      '',
    ],
  ];
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  const written = saveFigures(
    {
      document: 'docs/scale-out.md',
      section: 'scale-out-figures',
      measured: `\`${seeding || kept ? 'SEED=bulk ' : ''}pnpm --filter @symfonic/eval bench:scale\` (apps/eval/src/scale.bench.ts) on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average ${one.toFixed(1)} / ${five.toFixed(1)} / ${fifteen.toFixed(1)} at its end, PostgreSQL 15, pgvector ${(result.machine as { pgvector: string }).pgvector}`,
      columns: [{ title: 'figure' }, { title: 'measured', align: 'right' }, { title: 'goal' }],
      rows,
    },
    new URL('../', import.meta.url),
  );
  if (written) console.error(`wrote ${written}`);
}

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
  // A reused database has its index already: the build time is the one measured when seeded.
  const built = (result.seed as { indexBuild?: unknown } | undefined)?.indexBuild;
  result.indexBuild = built ?? { seconds: indexBuildMs / 1_000, maintenanceWorkMem: buildMemory };
  if (!built && seeding) {
    await admin.query(
      `update public.scale_seed set figures = figures || jsonb_build_object('indexBuild', $1::jsonb)`,
      [JSON.stringify(result.indexBuild)],
    );
  }
  console.error(`HNSW build: ${JSON.stringify(result.indexBuild)}`);
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
saveScaleFigures();
await lexical.close();
await Promise.all([admin.end(), loaderPool.end()]);

if (process.env.KEEP_DATABASE !== '1' && !kept) {
  const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await server.connect();
  await server.query(`drop database if exists "${databaseName}" with (force)`);
  await server.end();
  console.error(`dropped ${databaseName}`);
}
