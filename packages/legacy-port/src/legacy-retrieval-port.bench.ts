/**
 * Benchmark of the legacy port: what it adds on top of the engine it reads.
 * Run: `pnpm --filter @symfonic/legacy-port bench` (after a build).
 *
 * Each case times whole `retrieve`/`scanCandidates` calls and, separately,
 * the time spent inside the engine's `retrieve` (the engine is wrapped with a
 * timer), so the table says where the time goes: the port's own work
 * (admission, visibility, record checks, accounting) is the difference.
 *
 * - `scripted`: an in-process engine answering ready rows (no I/O), so the
 *   port's overhead is nearly all there is.
 * - `refusals`: 90% of rows have no owner, so the port pages many times.
 * - `langchain`: LangChain's real `MemoryVectorStore` over 2,000 documents
 *   with a 64-dimension word-hash embedder, a third of them owned by the
 *   asking tenant; `growing k` shows the cost of paging a store without
 *   offsets (each page re-ranks the whole store and keeps a longer prefix).
 */
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { Document } from '@langchain/core/documents';
import type { MemoryQuery } from '@symfonic/core';
import { percentile } from '@symfonic/test-support';
import { WordHashEmbeddings } from './__fixtures__/word-hash-embeddings.js';
import { fromLangChainVectorStore } from './from-lang-chain-vector-store.js';
import type { LegacyEntry } from './legacy-entry.js';
import type { LegacyRetrievalEngine } from './legacy-retrieval-engine.js';
import { LegacyRetrievalPort } from './legacy-retrieval-port.js';

interface Timed<EngineScope, Row> {
  readonly engine: LegacyRetrievalEngine<EngineScope, unknown, Row>;
  /** Milliseconds spent inside the engine since the last reset. */
  spent: number;
}

function timed<EngineScope, Row>(
  engine: LegacyRetrievalEngine<EngineScope, unknown, Row>,
): Timed<EngineScope, Row> {
  const state: Timed<EngineScope, Row> = {
    spent: 0,
    engine: {
      ...(engine.embedsCue === undefined ? {} : { embedsCue: engine.embedsCue }),
      async retrieve(request) {
        const start = performance.now();
        try {
          return await engine.retrieve(request);
        } finally {
          state.spent += performance.now() - start;
        }
      },
    },
  };
  return state;
}

interface Row {
  readonly case: string;
  readonly runs: number;
  readonly 'median ms': string;
  readonly 'p95 ms': string;
  readonly 'engine share': string;
  readonly pages: number;
}

async function measure<EngineScope, EngineRow>(
  name: string,
  runs: number,
  clock: Timed<EngineScope, EngineRow>,
  call: () => Promise<unknown>,
  pagesPerCall: () => number,
): Promise<Row> {
  for (let warmup = 0; warmup < Math.min(10, runs); warmup += 1) await call();
  const totals: number[] = [];
  let engineTotal = 0;
  let allTotal = 0;
  for (let run = 0; run < runs; run += 1) {
    clock.spent = 0;
    const start = performance.now();
    await call();
    const elapsed = performance.now() - start;
    totals.push(elapsed);
    engineTotal += clock.spent;
    allTotal += elapsed;
  }
  return {
    case: name,
    runs,
    'median ms': percentile(totals, 0.5).toFixed(3),
    'p95 ms': percentile(totals, 0.95).toFixed(3),
    'engine share': `${((100 * engineTotal) / allTotal).toFixed(0)}%`,
    pages: pagesPerCall(),
  };
}

function scripted(rows: readonly LegacyEntry[]) {
  let pages = 0;
  const engine: LegacyRetrievalEngine<string, unknown, LegacyEntry> = {
    async retrieve({ offset, limit }) {
      pages += 1;
      return rows.slice(offset, offset + limit);
    },
  };
  return { engine, pages: () => pages, reset: () => (pages = 0) };
}

const query = (limit: number): MemoryQuery => ({
  scope: { tenant: 'acme', path: ['user:1'] },
  cue: 'what does the user drink in the morning',
  limit,
});

const results: Row[] = [];

{
  const rows = Array.from({ length: 200 }, (_, index) => ({
    id: `m${index}`,
    content: `memory number ${index} about the user and their habits`,
    tenantId: 'acme',
    score: 1 - index / 200,
  }));
  const source = scripted(rows);
  const clock = timed(source.engine);
  const port = new LegacyRetrievalPort({
    engine: clock.engine,
    scopeOf: () => 'acme',
    embedder: 1,
  });
  const perCall = (call: () => Promise<unknown>) => async () => {
    source.reset();
    await call();
  };
  results.push(
    await measure(
      'scripted retrieve, limit 10',
      500,
      clock,
      perCall(() => port.retrieve(query(10))),
      source.pages,
    ),
    await measure(
      'scripted scanCandidates, 200 rows',
      500,
      clock,
      perCall(() => port.scanCandidates(query(10))),
      source.pages,
    ),
  );
}

{
  const rows = Array.from({ length: 2_000 }, (_, index) => ({
    id: `m${index}`,
    content: `memory number ${index}`,
    ...(index % 10 === 9 ? { tenantId: 'acme' } : {}),
  }));
  const source = scripted(rows);
  const clock = timed(source.engine);
  const port = new LegacyRetrievalPort({
    engine: clock.engine,
    scopeOf: () => 'acme',
    embedder: 1,
    scanBudget: 2_000,
  });
  results.push(
    await measure(
      'refusals retrieve, limit 10 (90% refused)',
      300,
      clock,
      async () => {
        source.reset();
        await port.retrieve(query(10));
      },
      source.pages,
    ),
  );
}

{
  const words = [
    'tea',
    'coffee',
    'morning',
    'train',
    'Lyon',
    'user',
    'drinks',
    'likes',
    'night',
    'book',
  ];
  const documents = Array.from(
    { length: 2_000 },
    (_, index) =>
      new Document({
        id: `d${index}`,
        pageContent: `the user ${words[index % 10]} ${words[(index * 7) % 10]} ${words[(index * 3) % 10]} ${index}`,
        metadata: index % 3 === 0 ? { tenantId: 'acme' } : {},
      }),
  );
  const store = await MemoryVectorStore.fromDocuments(documents, new WordHashEmbeddings());
  let pages = 0;
  const clock = timed(fromLangChainVectorStore(store));
  const counting: typeof clock.engine = {
    embedsCue: true,
    retrieve: (request) => {
      pages += 1;
      return clock.engine.retrieve(request);
    },
  };
  const port = new LegacyRetrievalPort({ engine: counting, scopeOf: () => undefined });
  const growing = new LegacyRetrievalPort({
    engine: counting,
    scopeOf: () => undefined,
    pageMinimum: 10,
    pageFactor: 1,
    scanBudget: 2_000,
  });
  const once = (call: () => Promise<unknown>) => async () => {
    pages = 0;
    await call();
  };
  results.push(
    await measure(
      'langchain retrieve, limit 10',
      100,
      clock,
      once(() => port.retrieve(query(10))),
      () => pages,
    ),
    await measure(
      'langchain scanCandidates, 200 rows',
      100,
      clock,
      once(() => port.scanCandidates(query(10))),
      () => pages,
    ),
    await measure(
      'langchain growing k, limit 100, pages of 100',
      30,
      clock,
      once(() => growing.retrieve(query(100))),
      () => pages,
    ),
  );
}

console.table(results);
console.log(
  'engine share: the part of each call spent inside the engine; the rest is the port (admission, visibility, record checks, accounting).',
);
