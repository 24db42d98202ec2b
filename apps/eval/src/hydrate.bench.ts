/**
 * What `hydrate` of `@symfonic/memory` costs over what its store's own
 * `retrieve` costs, on the same cues in the same run: one scope of 10,000
 * memories (the turns of the shipped data sets), hybrid ranking with the
 * word-vector embedder given to both the store and `createMemory` (as an
 * application and the demo do), on the in-memory store and on embedded
 * PGlite. Each cue is answered by `retrieve` (limit 12, recall's default) and
 * by `hydrate` with the default options and with pinned facts off, the
 * three rotating which goes first, so all see the same machine. `hydrate`'s time is split into the store
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
import { percentile } from '@symfonic/test-support';
import { wordVectorEmbedder } from './embedders/word-vector-embedder-of.js';
import { memoryText } from './memory-text.js';
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
    ...(embedder.fusionMargin === undefined ? {} : { fusionMargin: embedder.fusionMargin }),
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
  readonly scan: number[];
  readonly pinned: number[];
  readonly storeEmbedding: number[];
  readonly recallEmbedding: number[];
  readonly memoryPackage: number[];
  readonly candidates: number[];
}

const emptyTimings = (): Timings => ({
  retrieve: [],
  hydrate: [],
  store: [],
  scan: [],
  pinned: [],
  storeEmbedding: [],
  recallEmbedding: [],
  memoryPackage: [],
  candidates: [],
});

/** The store's calls during one hydrate: their span, and each method's own time. */
interface StoreSpan {
  firstStart: number;
  lastEnd: number;
  scan: number;
  pinned: number;
  candidates: number;
}

/** `store`'s `recent`, `scanCandidates` and `pinned`, timed into `span`. */
function timedPorts(
  store: MemoryStore,
  span: StoreSpan,
): Pick<MemoryStore, 'recent' | 'scanCandidates' | 'pinned'> {
  const timed = async <Result>(
    run: () => Promise<Result>,
    add: (elapsed: number) => void,
  ): Promise<Result> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const ended = performance.now();
      span.firstStart = Math.min(span.firstStart, started);
      span.lastEnd = Math.max(span.lastEnd, ended);
      add(ended - started);
    }
  };
  return {
    pinned: (at, options) =>
      timed(
        () => store.pinned(at, options),
        (elapsed) => {
          span.pinned += elapsed;
        },
      ),
    recent: (at, limit) =>
      timed(
        () => store.recent(at, limit),
        () => {},
      ),
    scanCandidates: (query) =>
      timed(
        async () => {
          const result = await store.scanCandidates(query);
          span.candidates += result.memories.length;
          return result;
        },
        (elapsed) => {
          span.scan += elapsed;
        },
      ),
  };
}

/**
 * Time `retrieve` and `hydrate` of `store` once per cue, with pinned facts on
 * (the default) and off, the three rotating which goes first.
 */
async function measure(
  store: MemoryStore,
  cues: readonly string[],
  spent: { readonly store: { total: number }; readonly recall: { total: number } },
  recallEmbedder: EmbeddingProvider,
): Promise<{ pinnedOn: Timings; pinnedOff: Timings }> {
  const span: StoreSpan = { firstStart: 0, lastEnd: 0, scan: 0, pinned: 0, candidates: 0 };
  const ports = timedPorts(store, span);
  const variants = [
    { memory: createMemory({ store: ports, embedder: recallEmbedder }), timings: emptyTimings() },
    {
      memory: createMemory({
        store: ports,
        embedder: recallEmbedder,
        recall: { pinned: { limit: 0 } },
      }),
      timings: emptyTimings(),
    },
  ];
  const retrieved: number[] = [];
  const retrieveOnce = async (cue: string, measured: boolean) => {
    const started = performance.now();
    await store.retrieve({ scope: conversation, cue, limit: 12 });
    if (measured) retrieved.push(performance.now() - started);
  };
  const hydrateOnce = async (
    variant: (typeof variants)[number],
    cue: string,
    measured: boolean,
  ) => {
    Object.assign(span, {
      firstStart: Number.POSITIVE_INFINITY,
      lastEnd: 0,
      scan: 0,
      pinned: 0,
      candidates: 0,
    });
    spent.store.total = 0;
    spent.recall.total = 0;
    const started = performance.now();
    await variant.memory.hydrate(conversation, cue);
    const total = performance.now() - started;
    if (!measured) return;
    const storeTime = span.lastEnd - span.firstStart;
    const { timings } = variant;
    timings.hydrate.push(total);
    timings.store.push(storeTime);
    timings.scan.push(span.scan);
    timings.pinned.push(span.pinned);
    timings.storeEmbedding.push(spent.store.total);
    timings.recallEmbedding.push(spent.recall.total);
    timings.memoryPackage.push(Math.max(0, total - storeTime - spent.recall.total));
    timings.candidates.push(span.candidates);
  };
  for (const [index, cue] of [...cues.slice(0, warmup), ...cues].entries()) {
    const measured = index >= warmup;
    const runs = [
      () => retrieveOnce(cue, measured),
      () => hydrateOnce(variants[0] as (typeof variants)[number], cue, measured),
      () => hydrateOnce(variants[1] as (typeof variants)[number], cue, measured),
    ];
    // Rotate which goes first, so none always runs on a warmer cache.
    for (let offset = 0; offset < runs.length; offset += 1) {
      await (runs[(index + offset) % runs.length] as () => Promise<void>)();
    }
  }
  for (const { timings } of variants) (timings.retrieve as number[]).push(...retrieved);
  return {
    pinnedOn: (variants[0] as (typeof variants)[number]).timings,
    pinnedOff: (variants[1] as (typeof variants)[number]).timings,
  };
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
    const measured = await measure(store, cues, spent, timedEmbedder(embedder, spent.recall));
    results.push(
      [`${name}, pinned on`, measured.pinnedOn],
      [`${name}, pinned off`, measured.pinnedOff],
    );
    await store.close();
  }

  console.log(
    `hydrate against retrieve: ${texts.length} memories in one scope, hybrid with word vectors, ${cues.length} cues (milliseconds)\n`,
  );
  console.log(
    '| store | retrieve p50 | retrieve p95 | hydrate p50 | hydrate p95 | p95 ratio | store p50 | store p95 | store share p50 | scan p50 | pinned p50 | cue embedding (store) p50 | recall embedding p50 | recall embedding p95 | gates, ranking, rendering p50 | p95 | candidates p50 |',
  );
  console.log(
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [name, timing] of results) {
    const p50 = (values: readonly number[]) => percentile(values, 0.5);
    const p95 = (values: readonly number[]) => percentile(values, 0.95);
    const share = timing.store.map((store, index) => store / (timing.hydrate[index] as number));
    console.log(
      `| ${name} | ${format(p50(timing.retrieve))} | ${format(p95(timing.retrieve))} | ${format(p50(timing.hydrate))} | ${format(p95(timing.hydrate))} | ${(p95(timing.hydrate) / p95(timing.retrieve)).toFixed(2)} | ${format(p50(timing.store))} | ${format(p95(timing.store))} | ${(p50(share) * 100).toFixed(0)} % | ${format(p50(timing.scan))} | ${format(p50(timing.pinned))} | ${format(p50(timing.storeEmbedding))} | ${format(p50(timing.recallEmbedding))} | ${format(p95(timing.recallEmbedding))} | ${format(p50(timing.memoryPackage))} | ${format(p95(timing.memoryPackage))} | ${p50(timing.candidates)} |`,
    );
  }
  console.log(
    '\n"store" is the wall-clock span of scanCandidates, recent and pinned (side by side; PGlite serves them one after the other), the store\'s cue embedding inside it; "scan" and "pinned" are those calls alone; "recall embedding" is the embedder given to createMemory; "gates, ranking, rendering" is the rest of hydrate.',
  );
}

await main();
