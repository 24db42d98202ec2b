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
 * `BENCH_MEMORIES` and `BENCH_RUNS` shrink or grow it.
 */
import { cpus, loadavg } from 'node:os';
import type { EmbeddingProvider, MemoryScope, MemoryStore } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { benchMachine, percentile, saveFigures, type TableCell } from '@symfonic/test-support';
import { packageFolder } from '../package-folder.js';
import { pick, seedNotes, sequence } from './seed-notes.js';

const memories = Number(process.env.BENCH_MEMORIES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
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

async function seed(store: MemoryStore): Promise<void> {
  console.error(`seeding ${memories} memories…`);
  await seedNotes(store, {
    scope,
    conversation,
    memories,
    note: (index, random) =>
      `Note ${index}: ${pick(subjects, random)} ${pick(verbs, random)} ${pick(topics, random)} and ${pick(topics, random)}`,
    turnTopics: topics,
  });
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

  const pglite = await openPGliteStore();
  let seeded = performance.now();
  await seed(pglite);
  seeded = performance.now() - seeded;
  rows.push(...(await measure('PGlite, lexical', pglite)));
  await pglite.close();
  const hybrid = await openPGliteStore({ embedder });
  await seed(hybrid);
  rows.push(...(await measure('PGlite, lexical + vectors fused', hybrid, embedder)));
  await hybrid.close();

  console.log(
    `hydrate at ${memories} memories in one scope, ${runs} runs each (ms; PGlite seeded in ${(seeded / 1000).toFixed(1)} s)`,
  );
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
