/**
 * Benchmark: `hydrate` latency at 10k memories in one scope, on the
 * in-memory store and on embedded PGlite, each lexical and with the local
 * n-gram embedder in the store (its ranking fuses words and vectors) and in
 * `memory` (same corpus and cues; a third in-memory variant keeps the store
 * lexical and lets `memory` re-score by cosine), with the time split between the
 * store (its `scanCandidates`, `recent` and `pinned` calls) and this package
 * (gates, ranking, rendering), each store measured with pinned facts off
 * and on (the default), runs alternating so both see the same machine. The
 * seeded saliences are uniform, so about a tenth of the semantic memories
 * qualify as pinned. A third variant drops what the store may keep between
 * writes before each of its runs (an untimed `forget` of a scope holding
 * nothing), so pinned facts are read from the database every time, as a
 * store over a server always reads them. Run it with
 * `pnpm --filter @symfonic/bench memory:hydrate` after a build (`npx tsc -b apps/bench`);
 * `memory:hydrate-table` writes its table into memory's README, and with `FIGURES=1` it writes
 * `packages/memory/figures/hydrate-pinned-cost.json`, what pinned facts add, for `pnpm figures`;
 * `BENCH_MEMORIES` and `BENCH_RUNS` shrink or grow it. `SEED=bulk` seeds PGlite as a bulk load
 * does (indexes built once, after the rows: `bulkSeededPGlite`) and every store through
 * `restore`, and prints what opening each PGlite store and its first hydrate (loading the read
 * index) cost; with `node --expose-gc`, the memory the read index holds too. For 100 000
 * memories:
 *
 *   SEED=bulk BENCH_MEMORIES=100000 node --expose-gc apps/bench/dist/memory/hydrate.bench.js
 */
import { cpus, loadavg } from 'node:os';
import type { EmbeddingProvider, MemoryScope, MemoryStore } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { benchMachine, percentile, saveFigures, type TableCell } from '@symfonic/test-support';
import { packageFolder } from '../package-folder.js';
import { bulkSeededPGlite } from './bulk-seeded-pglite.js';
import { type NotesPlan, pick, seedNotes, sequence } from './seed-notes.js';

const memories = Number(process.env.BENCH_MEMORIES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
/** `SEED=bulk`: PGlite seeded as a bulk load is, every store through `restore` (see `seededPGlite`). */
const bulk = process.env.SEED === 'bulk';
/** What opening each bulk-seeded PGlite store cost, printed with the table. */
const opening: string[] = [];
const warmup = 5;
const scope: MemoryScope = { tenant: 'bench', path: ['user:1'] };
const conversation: MemoryScope = { tenant: 'bench', path: ['user:1', 'conversation:1'] };

const topics = [
  'tea',
  'coffee',
  'jazz',
  'hiking',
  'Lyon',
  'Paris',
  'peanuts',
  'marathon',
  'cats',
  'dogs',
  'python',
  'typescript',
  'guitar',
  'piano',
  'sushi',
  'pasta',
  'cycling',
  'chess',
  'gardening',
  'photography',
  'astronomy',
  'sailing',
  'painting',
  'poetry',
  'football',
  'tennis',
  'yoga',
  'baking',
  'camping',
  'skiing',
];
const verbs = ['likes', 'mentioned', 'asked about', 'is learning', 'dislikes', 'wrote about'];
const subjects = [
  'Sam',
  'the user',
  'their sister',
  'a colleague',
  'the neighbour',
  'an old friend',
];

/** The notes every store of the benchmark holds (`through` is how they are written). */
const notes: NotesPlan = {
  scope,
  conversation,
  memories,
  note: (index, random) =>
    `Note ${index}: ${pick(subjects, random)} ${pick(verbs, random)} ${pick(topics, random)} and ${pick(topics, random)}`,
  turnTopics: topics,
  through: bulk ? 'restore' : 'apply',
};

async function seed(store: MemoryStore): Promise<void> {
  console.error(`seeding ${memories} memories…`);
  await seedNotes(store, notes);
}

/** The memory in use after a full collection (heap and array buffers), in bytes; `undefined` without `--expose-gc`. */
function memoryInUse(): number | undefined {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return undefined;
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * An embedded PGlite store holding the notes: seeded through `apply`, or
 * with `SEED=bulk` in a folder as a bulk load is (`bulkSeededPGlite`), then
 * opened, its first hydrate (which loads the read index) timed apart and
 * printed with the open and, under `--expose-gc`, the memory the index holds.
 */
async function seededPGlite(
  name: string,
  embedder?: EmbeddingProvider,
): Promise<{ store: MemoryStore; close: () => Promise<void> }> {
  if (!bulk) {
    const store = await openPGliteStore(embedder ? { embedder } : {});
    await seed(store);
    return { store, close: () => store.close() };
  }
  console.error(`seeding ${memories} memories in bulk…`);
  const seeded = await bulkSeededPGlite(notes, embedder);
  const before = memoryInUse();
  const started = performance.now();
  await createMemory({ store: seeded.store, ...(embedder ? { embedder } : {}) }).hydrate(
    conversation,
    'any thoughts on tea?',
  );
  const firstMs = performance.now() - started;
  const after = memoryInUse();
  const held =
    before === undefined || after === undefined
      ? 'run with --expose-gc for the memory it holds'
      : `${((after - before) / 2 ** 20).toFixed(1)} MiB held after it`;
  opening.push(
    `${name}: open ${seeded.openMs.toFixed(0)} ms, first hydrate (loads the read index) ${firstMs.toFixed(0)} ms, ${held}`,
  );
  return seeded;
}

interface Row {
  store: string;
  total: number[];
  store_: number[];
  memory: number[];
  candidates: number[];
}

/** A scope nothing is written at: forgetting it is a write that changes no memory. */
const emptyScope: MemoryScope = { tenant: 'bench', path: ['user:nobody'] };

/** Rows of one store: pinned facts off, on, and on after a write, their runs alternating. */
async function measure(
  name: string,
  store: MemoryStore,
  embedder?: EmbeddingProvider,
): Promise<[Row, Row, Row]> {
  console.error(`measuring ${name}…`);
  let firstStart = Number.POSITIVE_INFINITY;
  let lastEnd = 0;
  let candidates = 0;
  const span = (started: number) => {
    firstStart = Math.min(firstStart, started);
    lastEnd = Math.max(lastEnd, performance.now());
  };
  const timed: Pick<MemoryStore, 'recent' | 'scanCandidates' | 'pinned'> = {
    async pinned(at, options) {
      const started = performance.now();
      try {
        return await store.pinned(at, options);
      } finally {
        span(started);
      }
    },
    async recent(at, limit) {
      const started = performance.now();
      try {
        return await store.recent(at, limit);
      } finally {
        span(started);
      }
    },
    async scanCandidates(query) {
      const started = performance.now();
      try {
        const result = await store.scanCandidates(query);
        candidates = result.memories.length;
        return result;
      } finally {
        span(started);
      }
    },
  };
  const withEmbedder = embedder ? { embedder } : {};
  const newRow = (variant: string): Row => ({
    store: `${name}, ${variant}`,
    total: [],
    store_: [],
    memory: [],
    candidates: [],
  });
  const pinnedOn = createMemory({ store: timed, ...withEmbedder });
  const variants: { memory: typeof pinnedOn; row: Row; before?: () => Promise<unknown> }[] = [
    {
      memory: createMemory({ store: timed, ...withEmbedder, recall: { pinned: { limit: 0 } } }),
      row: newRow('pinned off'),
    },
    { memory: pinnedOn, row: newRow('pinned on') },
    {
      memory: pinnedOn,
      row: newRow('pinned on, after a write'),
      before: () => store.forget(emptyScope),
    },
  ];
  const random = sequence(11);
  for (let run = 0; run < warmup + runs; run += 1) {
    const cue = `any thoughts on ${pick(topics, random)}?`;
    // Rotate which variant goes first, so none always runs on a warmer cache.
    const order = variants.map((_, index) => variants[(index + run) % variants.length]);
    for (const { memory, row, before } of order as typeof variants) {
      await before?.();
      firstStart = Number.POSITIVE_INFINITY;
      lastEnd = 0;
      const started = performance.now();
      await memory.hydrate(conversation, cue);
      const total = performance.now() - started;
      // The window read, the scan and the pinned read run side by side: the store's share is the span they cover.
      const storeTime = lastEnd - firstStart;
      if (run < warmup) continue;
      row.total.push(total);
      row.store_.push(storeTime);
      row.memory.push(Math.max(0, total - storeTime));
      row.candidates.push(candidates);
    }
  }
  return [variants[0]?.row as Row, variants[1]?.row as Row, variants[2]?.row as Row];
}

const format = (value: number) => value.toFixed(2).padStart(8);

async function main(): Promise<void> {
  const rows: Row[] = [];
  const inMemory = createInMemoryStore();
  await seed(inMemory);
  rows.push(...(await measure('in-memory, lexical', inMemory)));
  const embedder = createLocalEmbedder();
  rows.push(...(await measure('in-memory, lexical + cosine re-score', inMemory, embedder)));
  await inMemory.close();
  const inMemoryHybrid = createInMemoryStore({ embedder });
  await seed(inMemoryHybrid);
  rows.push(...(await measure('in-memory, lexical + vectors fused', inMemoryHybrid, embedder)));
  await inMemoryHybrid.close();

  let seeded = performance.now();
  const pglite = await seededPGlite('PGlite, lexical');
  seeded = performance.now() - seeded;
  rows.push(...(await measure('PGlite, lexical', pglite.store)));
  await pglite.close();
  const hybrid = await seededPGlite('PGlite, lexical + vectors fused', embedder);
  rows.push(...(await measure('PGlite, lexical + vectors fused', hybrid.store, embedder)));
  await hybrid.close();

  console.log(
    `hydrate at ${memories} memories in one scope, ${runs} runs each (ms; PGlite seeded in ${(seeded / 1000).toFixed(1)} s${bulk ? ' in bulk' : ''})`,
  );
  for (const line of opening) console.log(line);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}, Node ${process.version}\n`,
  );
  console.log(
    `${'store'.padEnd(46)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'store p50'.padStart(10)} ${'store p95'.padStart(10)} ${'ours p50'.padStart(9)} ${'ours p95'.padStart(9)} ${'candidates'.padStart(10)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.store.padEnd(46)} ${format(percentile(row.total, 0.5))} ${format(percentile(row.total, 0.95))} ${format(percentile(row.store_, 0.5)).padStart(10)} ${format(percentile(row.store_, 0.95)).padStart(10)} ${format(percentile(row.memory, 0.5)).padStart(9)} ${format(percentile(row.memory, 0.95)).padStart(9)} ${String(percentile(row.candidates, 0.5)).padStart(10)}`,
    );
  }
  console.log(
    '\npinned facts on against off, the whole hydrate (p50 / p95; "after a write": read from the store every time):',
  );
  const share = (on: Row, off: Row, fraction: number) =>
    `${((percentile(on.total, fraction) / percentile(off.total, fraction) - 1) * 100).toFixed(1)} %`;
  const pinnedCost: TableCell[][] = [];
  for (let index = 0; index + 2 < rows.length; index += 3) {
    const [off, on, afterWrite] = rows.slice(index, index + 3) as [Row, Row, Row];
    const cells = [0.5, 0.95].map((fraction) => share(on, off, fraction));
    const afterCells = [0.5, 0.95].map((fraction) => share(afterWrite, off, fraction));
    pinnedCost.push([off.store.replace(', pinned off', ''), ...cells, ...afterCells]);
    console.log(
      `${off.store.replace(', pinned off', '').padEnd(38)} on ${cells.map((cell) => cell.padStart(8)).join(' /')}   after a write ${afterCells.map((cell) => cell.padStart(8)).join(' /')}`,
    );
  }
  saveFigures(
    {
      document: 'packages/memory/README.md',
      section: 'hydrate-pinned-cost',
      measured: `\`FIGURES=1 pnpm --filter @symfonic/bench memory:hydrate\`, ${memories} memories, ${runs} runs of each variant after ${warmup} warm-up, on ${benchMachine()}`,
      columns: [
        { title: 'store' },
        { title: 'on, p50', align: 'right' },
        { title: 'on, p95', align: 'right' },
        { title: 'on after a write, p50', align: 'right' },
        { title: 'on after a write, p95', align: 'right' },
      ],
      rows: pinnedCost,
    },
    packageFolder('memory'),
  );
  console.log(
    '\nPGlite against in-memory, pinned on (p50 / p95), the goal being at most 1.5 × at p95:',
  );
  for (const [pgliteRow, memoryRow] of [
    [rows[10], rows[1]],
    [rows[13], rows[7]],
  ] as [Row, Row][]) {
    const ratio = (fraction: number) =>
      (percentile(pgliteRow.total, fraction) / percentile(memoryRow.total, fraction)).toFixed(2);
    console.log(
      `${pgliteRow.store.padEnd(46)} ${ratio(0.5)} × / ${ratio(0.95)} × ${memoryRow.store}`,
    );
  }
  console.log(
    '\n"store" is the wall-clock span of scanCandidates, recent and pinned (they run side by side); "ours" is the rest of hydrate: scope re-check, floors, ranking, caps, rendering (and, for the re-score row, embedding the cue and any uncached memory).',
  );
}

await main();
