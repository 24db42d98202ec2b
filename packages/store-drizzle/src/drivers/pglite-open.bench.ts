/**
 * Benchmark of opening a PGlite store, stage by stage, each open in a new
 * Node process (as a CLI, a script or a serverless function pays it):
 *
 * - `existing`: a folder holding 10 000 memories, opened as `openPGliteStore`
 *   opens it without an embedder;
 * - `existing + pgvector`: the same with pgvector's library loaded (a store
 *   with an embedder), to price the extension;
 * - `new (template)`: an empty folder, started from the package's pre-migrated
 *   template (`dist/pglite-template.tar.gz`, written by the package's build);
 * - `new (initdb)`: an empty folder initialised and migrated from scratch, as
 *   every new folder was before the template;
 * - `WebAssembly only`: PGlite's module and file bundle without PostgreSQL
 *   (`noInitDb`), the floor under every start.
 *
 * The stages are the opener's own functions, timed in its order: the imports;
 * the folder's checks and lock; PGlite's start, seen through PGlite's own
 * options (a `NodeFS` whose first sync marks the end of the WebAssembly
 * start, PostgreSQL's banner on stdout the end of its start), in four parts:
 * the template's files written (a new folder), the WebAssembly module, the
 * PostgreSQL start (with pgvector's library compiled when it is loaded;
 * `initdb` too for `new (initdb)`) and PGlite's first statement (its read of
 * the array types); the pgvector check (with a second start when the folder
 * needs the library); the migrations check; the store's own reads (pgvector's
 * version); the first `retrieve` (with the planner statistics' catalog read) and `close`. `open` is the stages
 * after the imports up to the store (what `openPGliteStore` costs); `CPU` is
 * what the process spent (user + system) over the same span, which a loaded
 * machine inflates less than wall time. Writes `pglite-open-bench.json`;
 * `node dist/drivers/write-pglite-open-table.js` puts its table in the README.
 *
 *   npx tsc -b packages/store-drizzle && node packages/store-drizzle/dist/drivers/pglite-open.bench.js
 *   RUNS=3 MEMORIES=2000 … for a shorter run
 *
 * Not a test: it prints a table and says where the time goes.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Mode, modes, type OpenBench, type OpenSample } from './pglite-open-results.js';

const here = fileURLToPath(import.meta.url);
const runs = Number(process.env.RUNS ?? 5);
const memories = Number(process.env.MEMORIES ?? 10_000);
const output = process.env.OUTPUT ?? 'pglite-open-bench.json';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Runs in a child process: one open of `mode` on `dataDir`, printed as JSON. */
async function child(mode: Mode, dataDir: string, templatePath: string): Promise<void> {
  const stages: Record<string, number> = {};
  let mark = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = (stages[name] ?? 0) + now - mark;
    mark = now;
  };
  if (mode === 'wasm') {
    const { PGlite } = await import('@electric-sql/pglite');
    stage('imports');
    const opening = { at: performance.now(), cpu: process.cpuUsage() };
    const client = await PGlite.create({ noInitDb: true });
    stage('WebAssembly start');
    const openCpuMs = cpuMs(opening.cpu);
    const openMs = performance.now() - opening.at;
    await client.close();
    stage('close');
    console.log(JSON.stringify({ mode, stages, openMs, openCpuMs } satisfies OpenSample));
    return;
  }
  const [{ drizzle }, { openDrizzleStore }, lockModule, folderModule, startModule, { PGlite }] =
    await Promise.all([
      import('drizzle-orm/pglite'),
      import('../create-drizzle-store.js'),
      import('./data-dir-lock.js'),
      import('./prepare-data-dir.js'),
      import('./start-pglite.js'),
      import('@electric-sql/pglite'),
    ]);
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  const { migrateStore } = await import('../database/migrate-store.js');
  // PGlite's start seen through its own options: a NodeFS whose first sync
  // follows the WebAssembly module's start, and PostgreSQL's banner on stdout
  // once it runs; `create` resolves after PGlite's first statement.
  class ObservedNodeFS extends NodeFS {
    override async initialSyncFs(): Promise<void> {
      stage('WebAssembly start');
      await super.initialSyncFs();
    }
  }
  const create = PGlite.create.bind(PGlite);
  let starts = 0;
  PGlite.create = (async (options?: import('@electric-sql/pglite').PGliteOptions) => {
    if (options?.dataDir === undefined || options.noInitDb) return create(options);
    // Before the first start, the template's files; before a second, the check that asked for it.
    stage(starts++ === 0 ? 'template written' : 'pgvector check');
    const client = await create({
      ...options,
      fs: new ObservedNodeFS(options.dataDir),
      onStdout: (line) => {
        if (line.includes('stand-alone backend')) stage('PostgreSQL start');
        return false;
      },
    });
    stage('first statement');
    return client;
  }) as typeof PGlite.create;
  stage('imports');
  const opening = { at: performance.now(), cpu: process.cpuUsage() };
  const folder = await folderModule.prepareDataDir(dataDir);
  const lock = await lockModule.acquireDataDirLock(folder);
  const existing = await folderModule.holdsPGliteDatabase(folder);
  stage('folder checks and lock');
  const { client } = await startModule.startPGlite({
    dataDir: folder,
    existing,
    vectors: mode === 'existing-vector' || mode === 'new-initdb',
    templatePath: mode === 'new-initdb' ? join(folder, 'no-template') : templatePath,
  });
  stage('pgvector check');
  const db = drizzle({ client });
  await migrateStore(db);
  stage('migrations check');
  const store = await openDrizzleStore(
    { db, migrate: false, onClose: async () => client.close() },
    { soleWriter: true },
  );
  stage('store reads');
  const openCpuMs = cpuMs(opening.cpu);
  const openMs = performance.now() - opening.at;
  await store.retrieve({
    scope: { tenant: 'bench', path: ['user:1'] },
    cue: 'lomi kasa',
    limit: 10,
  });
  stage('first retrieve');
  await store.close();
  await lock.release();
  stage('close');
  console.log(JSON.stringify({ mode, stages, openMs, openCpuMs } satisfies OpenSample));
}

function runChild(mode: Mode, dataDir: string, templatePath: string): Promise<OpenSample> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [here, '--child', mode, dataDir, templatePath],
      { maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as OpenSample);
      },
    );
  });
}

/** A folder of `count` memories in one scope, written through the store (no embedder). */
async function buildCorpus(dataDir: string, count: number): Promise<void> {
  const { openPGliteStore } = await import('./open-pglite-store.js');
  const { Limits } = await import('@symfonic/core');
  const store = await openPGliteStore({ dataDir });
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'gu'];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const word = () =>
    Array.from(
      { length: 2 + Math.floor(random() * 2) },
      () => syllables[Math.floor(random() * 12)],
    ).join('');
  try {
    for (let first = 0; first < count; first += Limits.opsPerApply) {
      const ops = Array.from(
        { length: Math.min(Limits.opsPerApply, count - first) },
        (_, offset) => ({
          op: 'add' as const,
          text: `${Array.from({ length: 8 }, word).join(' ')} #${first + offset}`,
        }),
      );
      await store.apply({ tenant: 'bench', path: ['user:1'] }, ops, { writer: 'bench' });
    }
    // The first retrieval analyzes the table, as a store in use would have.
    await store.retrieve({ scope: { tenant: 'bench', path: ['user:1'] }, cue: 'kalo', limit: 1 });
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const { pgliteTemplatePath } = await import('./pglite-template.js');
  const templatePath = process.env.TEMPLATE ?? pgliteTemplatePath;
  await readFile(templatePath).catch(() => {
    throw new Error(
      `no template at ${templatePath}: run node dist/drivers/build-pglite-template.js`,
    );
  });
  const directory = await mkdtemp(join(tmpdir(), 'symfonic-open-bench-'));
  const loadBefore = loadavg().map((value) => Number(value.toFixed(2)));
  try {
    const corpus = join(directory, 'corpus');
    const started = performance.now();
    await buildCorpus(corpus, memories);
    console.error(
      `wrote ${memories} memories in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const samples: OpenSample[] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const mode of modes) {
        let dataDir = corpus;
        if (mode.startsWith('new')) {
          dataDir = join(directory, `${mode}-${run}`);
          await mkdir(dataDir);
        }
        const sample = await runChild(mode, dataDir, templatePath);
        samples.push(sample);
        console.error(
          `${mode}: open ${sample.openMs.toFixed(0)} ms (CPU ${sample.openCpuMs.toFixed(0)} ms)`,
        );
        if (mode.startsWith('new')) await rm(dataDir, { recursive: true, force: true });
      }
    }
    const results = Object.fromEntries(
      modes.map((mode) => {
        const mine = samples.filter((sample) => sample.mode === mode);
        const summary = (values: number[]) => ({ p50: median(values), max: Math.max(...values) });
        const stageNames = Object.keys(mine[0]?.stages ?? {});
        return [
          mode,
          {
            stages: Object.fromEntries(
              stageNames.map((name) => [
                name,
                summary(mine.map((sample) => sample.stages[name] ?? 0)),
              ]),
            ),
            open: summary(mine.map((sample) => sample.openMs)),
            openCpu: summary(mine.map((sample) => sample.openCpuMs)),
          },
        ];
      }),
    ) as OpenBench['results'];
    const bench: OpenBench = {
      when: new Date().toISOString(),
      machine: {
        cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        loadBefore,
        loadAfter: loadavg().map((value) => Number(value.toFixed(2))),
        node: process.version,
      },
      memories,
      runs,
      results,
    };
    await writeFile(output, `${JSON.stringify(bench, null, 2)}\n`);
    const { openTable } = await import('./pglite-open-table.js');
    console.log(openTable(bench));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Mode, process.argv[4] ?? '', process.argv[5] ?? '');
} else {
  await main();
}
