/**
 * What `hydrate` of `@symfonic/memory` costs over what its store's own
 * `retrieve` costs, on the same cues in the same run: one scope of 10,000
 * memories (the turns of the shipped data sets), hybrid ranking with the
 * word-vector embedder given to both the store and `createMemory` (as an
 * application and the demo do), on the in-memory store and on embedded
 * PGlite. Each cue is answered by `retrieve` (limit 12, recall's default) and
 * by `hydrate` (the default options), the two alternating which goes first,
 * so both see the same machine. `hydrate`'s time is split into the store
 * (the span of its `scanCandidates`, `recent` and `pinned` calls, which run
 * side by side; the store embeds the cue inside it), recall's own embedding
 * (the embedder given to `createMemory`), and the rest: the memory package's
 * gates, ranking and rendering.
 *
 * Run: `pnpm --filter @symfonic/eval bench:hydrate` after a build;
 * `BENCH_MEMORIES`, `BENCH_CUES` and `BENCH_STORES` (`in-memory`, `pglite`,
 * comma-separated) shrink or choose it.
 */
import { performance } from 'node:perf_hooks';
import type { EmbeddingProvider, MemoryScope, MemoryStore } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { wordVectorEmbedder } from './embedders/word-vector-embedder-of.js';
import { memoryText } from './memory-text.js';
import { percentile } from './percentile.js';
import { readEvalDataset } from './read-eval-dataset.js';
import { shippedDatasets } from './shipped-datasets.js';

const memoryCount = Number(process.env.BENCH_MEMORIES ?? 10_000);
const cueCount = Number(process.env.BENCH_CUES ?? 300);
const stores = (process.env.BENCH_STORES ?? 'in-memory,pglite').split(',');
const warmup = 20;
const user: MemoryScope = { tenant: 'bench', path: ['user:1'] };
const conversation: MemoryScope = { tenant: 'bench', path: ['user:1', 'conversation:1'] };

/** The memories and cues: every turn and every distinct question of the shipped data sets. */
async function corpus(): Promise<{ texts: string[]; cues: string[] }> {
  const turns: string[] = [];
  const questions = new Set<string>();
  for (const path of Object.values(shippedDatasets)) {
    const dataset = await readEvalDataset(path);
    for (const { id, sessions } of dataset.conversations) {
      for (const session of sessions) {
        for (const turn of session.turns) turns.push(`${id} ${memoryText(turn, session)}`);
      }
    }
    for (const { question } of dataset.questions) questions.add(question);
  }
  // More memories than turns: each turn again, told by a second conversation.
  const texts = Array.from({ length: memoryCount }, (_, index) => {
    const round = Math.floor(index / turns.length);
    const text = turns[index % turns.length] as string;
    return round === 0 ? text : `retold ${round}: ${text}`;
  });
  const distinct = [...questions];
  const cues = Array.from(
    { length: cueCount },
    (_, index) => distinct[index % distinct.length] as string,
  );
  return { texts, cues };
}

/** Write `texts` at the user scope, a third episodic, saliences spread 0..1, and eight turns. */
async function seed(store: MemoryStore, texts: readonly string[]): Promise<void> {
  for (let start = 0; start < texts.length; start += 100) {
    const ops = texts.slice(start, start + 100).map((text, offset) => {
      const index = start + offset;
      return {
        op: 'add' as const,
        layer: index % 3 === 0 ? ('episodic' as const) : ('semantic' as const),
        text,
        salience: ((index * 37) % 101) / 100,
      };
    });
    const result = await store.apply(user, ops, { writer: 'bench' });
    if (result.rejected.length > 0)
      throw new Error(`seeding refused ${result.rejected.length} ops`);
  }
  for (let turn = 1; turn <= 8; turn += 1) {
    await store.append(conversation, {
      turnId: `t${turn}`,
      speaker: turn % 2 ? 'user' : 'assistant',
      text: `turn ${turn} of the conversation`,
      turn,
    });
  }
}

/** An embedder that adds the time each `embed` call takes to `spent.total`. */
function timedEmbedder(embedder: EmbeddingProvider, spent: { total: number }): EmbeddingProvider {
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    async embed(texts) {
      const started = performance.now();
      try {
        return await embedder.embed(texts);
      } finally {
        spent.total += performance.now() - started;
      }
    },
  };
}

interface Timings {
  readonly retrieve: number[];
  readonly hydrate: number[];
  readonly store: number[];
  readonly storeEmbedding: number[];
  readonly recallEmbedding: number[];
  readonly memoryPackage: number[];
  readonly candidates: number[];
}

/** Time `retrieve` and `hydrate` of `store` once per cue, alternating which goes first. */
async function measure(
  store: MemoryStore,
  cues: readonly string[],
  spent: { readonly store: { total: number }; readonly recall: { total: number } },
  recallEmbedder: EmbeddingProvider,
): Promise<Timings> {
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
  const memory = createMemory({ store: timed, embedder: recallEmbedder });
  const timings: Timings = {
    retrieve: [],
    hydrate: [],
    store: [],
    storeEmbedding: [],
    recallEmbedding: [],
    memoryPackage: [],
    candidates: [],
  };
  const retrieveOnce = async (cue: string) => {
    const started = performance.now();
    await store.retrieve({ scope: conversation, cue, limit: 12 });
    return performance.now() - started;
  };
  const hydrateOnce = async (cue: string) => {
    firstStart = Number.POSITIVE_INFINITY;
    lastEnd = 0;
    spent.store.total = 0;
    spent.recall.total = 0;
    const started = performance.now();
    await memory.hydrate(conversation, cue);
    const total = performance.now() - started;
    const storeTime = lastEnd - firstStart;
    return { total, storeTime, store: spent.store.total, recall: spent.recall.total };
  };
  for (const [index, cue] of [...cues.slice(0, warmup), ...cues].entries()) {
    let retrieved: number;
    let hydrated: Awaited<ReturnType<typeof hydrateOnce>>;
    if (index % 2 === 0) {
      retrieved = await retrieveOnce(cue);
      hydrated = await hydrateOnce(cue);
    } else {
      hydrated = await hydrateOnce(cue);
      retrieved = await retrieveOnce(cue);
    }
    if (index < warmup) continue;
    timings.retrieve.push(retrieved);
    timings.hydrate.push(hydrated.total);
    timings.store.push(hydrated.storeTime);
    timings.storeEmbedding.push(hydrated.store);
    timings.recallEmbedding.push(hydrated.recall);
    timings.memoryPackage.push(Math.max(0, hydrated.total - hydrated.storeTime - hydrated.recall));
    timings.candidates.push(candidates);
  }
  return timings;
}

const format = (value: number) => value.toFixed(2);

async function main(): Promise<void> {
  const { texts, cues } = await corpus();
  console.error('reading the word vectors…');
  const embedder = await wordVectorEmbedder();
  const results: [string, Timings][] = [];
  for (const name of stores) {
    const spent = { store: { total: 0 }, recall: { total: 0 } };
    const storeEmbedder = timedEmbedder(embedder, spent.store);
    const store =
      name === 'pglite'
        ? await openPGliteStore({ embedder: storeEmbedder })
        : createInMemoryStore({ embedder: storeEmbedder });
    console.error(`seeding ${name} with ${texts.length} memories…`);
    await seed(store, texts);
    console.error(`measuring ${name}…`);
    results.push([name, await measure(store, cues, spent, timedEmbedder(embedder, spent.recall))]);
    await store.close();
  }

  console.log(
    `hydrate against retrieve: ${texts.length} memories in one scope, hybrid with word vectors, ${cues.length} cues (milliseconds)\n`,
  );
  console.log(
    '| store | retrieve p50 | retrieve p95 | hydrate p50 | hydrate p95 | p95 ratio | store p50 | store p95 | store share p50 | cue embedding (store) p50 | recall embedding p50 | recall embedding p95 | gates, ranking, rendering p50 | p95 | candidates p50 |',
  );
  console.log(
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [name, timing] of results) {
    const p50 = (values: readonly number[]) => percentile(values, 0.5);
    const p95 = (values: readonly number[]) => percentile(values, 0.95);
    const share = timing.store.map((store, index) => store / (timing.hydrate[index] as number));
    console.log(
      `| ${name} | ${format(p50(timing.retrieve))} | ${format(p95(timing.retrieve))} | ${format(p50(timing.hydrate))} | ${format(p95(timing.hydrate))} | ${(p95(timing.hydrate) / p95(timing.retrieve)).toFixed(2)} | ${format(p50(timing.store))} | ${format(p95(timing.store))} | ${(p50(share) * 100).toFixed(0)} % | ${format(p50(timing.storeEmbedding))} | ${format(p50(timing.recallEmbedding))} | ${format(p95(timing.recallEmbedding))} | ${format(p50(timing.memoryPackage))} | ${format(p95(timing.memoryPackage))} | ${p50(timing.candidates)} |`,
    );
  }
  console.log(
    '\n"store" is the wall-clock span of scanCandidates, recent and pinned (side by side), the store\'s cue embedding inside it; "recall embedding" is the embedder given to createMemory; "gates, ranking, rendering" is the rest of hydrate.',
  );
}

await main();
