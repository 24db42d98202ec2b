/**
 * Benchmark: `hydrate` latency at 10k memories in one scope, on the
 * in-memory store and on embedded PGlite, with the time split between the
 * store (its `scanCandidates`, `recent` and `pinned` calls) and this package
 * (gates, ranking, rendering), each store measured with pinned facts off
 * and on (the default), runs alternating so both see the same machine. The
 * seeded saliences are uniform, so about a tenth of the semantic memories
 * qualify as pinned. Run it with `pnpm --filter @symfonic/memory bench`
 * after a build; `BENCH_MEMORIES` and `BENCH_RUNS` shrink or grow it.
 */
import { type EmbeddingProvider, Limits, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { createMemory } from './create-memory.js';
import { createLocalEmbedder } from './local-embedder.js';

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

/** A deterministic pseudo-random sequence, so every run seeds the same memories. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

async function seed(store: MemoryStore): Promise<void> {
  console.error(`seeding ${memories} memories…`);
  const random = sequence(7);
  const batch = Limits.opsPerApply;
  for (let start = 0; start < memories; start += batch) {
    const ops = [];
    for (let index = start; index < Math.min(memories, start + batch); index += 1) {
      ops.push({
        op: 'add' as const,
        layer: index % 3 === 0 ? ('episodic' as const) : ('semantic' as const),
        text: `Note ${index}: ${pick(subjects, random)} ${pick(verbs, random)} ${pick(topics, random)} and ${pick(topics, random)}`,
        salience: Math.round(random() * 100) / 100,
      });
    }
    const result = await store.apply(scope, ops, { writer: 'bench' });
    if (result.rejected.length > 0)
      throw new Error(`seeding refused ${result.rejected.length} ops`);
  }
  for (let turn = 1; turn <= 8; turn += 1) {
    await store.append(conversation, {
      turnId: `t${turn}`,
      speaker: turn % 2 ? 'user' : 'assistant',
      text: `turn ${turn} about ${topics[turn]}`,
      turn,
    });
  }
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

interface Row {
  store: string;
  total: number[];
  store_: number[];
  memory: number[];
  candidates: number[];
}

/** Rows of one store: pinned facts off, then on, their runs alternating. */
async function measure(
  name: string,
  store: MemoryStore,
  embedder?: EmbeddingProvider,
): Promise<[Row, Row]> {
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
  const variants = [
    {
      memory: createMemory({ store: timed, ...withEmbedder, recall: { pinned: { limit: 0 } } }),
      row: {
        store: `${name}, pinned off`,
        total: [],
        store_: [],
        memory: [],
        candidates: [],
      } as Row,
    },
    {
      memory: createMemory({ store: timed, ...withEmbedder }),
      row: {
        store: `${name}, pinned on`,
        total: [],
        store_: [],
        memory: [],
        candidates: [],
      } as Row,
    },
  ];
  const random = sequence(11);
  for (let run = 0; run < warmup + runs; run += 1) {
    const cue = `any thoughts on ${pick(topics, random)}?`;
    // Alternate which variant goes first, so neither always runs on a warmer cache.
    const order = run % 2 === 0 ? variants : [...variants].reverse();
    for (const { memory, row } of order) {
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
  return [variants[0]?.row as Row, variants[1]?.row as Row];
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

  const pglite = await openPGliteStore();
  let seeded = performance.now();
  await seed(pglite);
  seeded = performance.now() - seeded;
  rows.push(...(await measure('PGlite, lexical', pglite)));
  await pglite.close();

  console.log(
    `hydrate at ${memories} memories in one scope, ${runs} runs each (ms; PGlite seeded in ${(seeded / 1000).toFixed(1)} s)\n`,
  );
  console.log(
    `${'store'.padEnd(38)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'store p50'.padStart(10)} ${'store p95'.padStart(10)} ${'ours p50'.padStart(9)} ${'ours p95'.padStart(9)} ${'candidates'.padStart(10)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.store.padEnd(38)} ${format(percentile(row.total, 0.5))} ${format(percentile(row.total, 0.95))} ${format(percentile(row.store_, 0.5)).padStart(10)} ${format(percentile(row.store_, 0.95)).padStart(10)} ${format(percentile(row.memory, 0.5)).padStart(9)} ${format(percentile(row.memory, 0.95)).padStart(9)} ${String(percentile(row.candidates, 0.5)).padStart(10)}`,
    );
  }
  console.log('\npinned facts on against off, p95 of the whole hydrate:');
  for (let index = 0; index + 1 < rows.length; index += 2) {
    const off = percentile((rows[index] as Row).total, 0.95);
    const on = percentile((rows[index + 1] as Row).total, 0.95);
    console.log(
      `${(rows[index] as Row).store.replace(', pinned off', '').padEnd(38)} ${((on / off - 1) * 100).toFixed(1).padStart(6)} %`,
    );
  }
  console.log(
    '\n"store" is the wall-clock span of scanCandidates, recent and pinned (they run side by side); "ours" is the rest of hydrate: scope re-check, floors, ranking, caps, rendering (and, for the re-score row, embedding the cue and any uncached memory).',
  );
}

await main();
