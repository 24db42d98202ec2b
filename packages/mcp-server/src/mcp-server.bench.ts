/**
 * Benchmark of `symfonic-mcp` as a client sees it: the round trip of one
 * `tools/call` over stdio (the SDK's `Client` to the spawned bin and back),
 * for `memory_recall` and for `memory_remember` (one add per call), with
 * 10,000 memories in the scope, p50 / p95 in milliseconds, on embedded
 * PGlite with the default local embedder and with `--embedder none`.
 *
 *   npx tsc -b packages/mcp-server && pnpm --filter @symfonic/mcp-server bench
 *   MEMORIES=2000 CALLS=50 EMBEDDERS=none … for a shorter run
 *
 * The memories are loaded through the store directly (batches of 256, the
 * most one apply takes), the store closed, then the server started on the
 * same folder. Not a test: it prints a table; with `FIGURES=1` it also writes it to
 * `figures/mcp-bench.json` for `pnpm figures` to put in the README.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Limits } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import {
  benchMachine,
  type Figures,
  percentile,
  renderFigures,
  saveFigures,
} from '@symfonic/test-support';
import { connectStdio } from './testing/server-process.js';

const memories = Number(process.env.MEMORIES ?? 10_000);
const calls = Number(process.env.CALLS ?? 200);
const embedders = (process.env.EMBEDDERS ?? 'local,none').split(',') as ('local' | 'none')[];
const warmup = 10;

/** Park–Miller's minimal standard generator, seeded: every run writes and asks the same words. */
let state = 20_261_201;
const next = () => {
  state = (state * 48_271) % 2_147_483_647;
  return state / 2_147_483_647;
};
/** One syllable per base-20 digit (20 distinct consonant-vowel pairs). */
const syllable = (digit: number) =>
  `${'bdfgklmnprstvz'.charAt(digit % 14)}${'aeiou'.charAt(digit % 5)}`;
/** 3,000 distinct pronounceable words, `bababa` to `nirulu`: each number spelt in syllables. */
const vocabulary = Array.from({ length: 3_000 }, (_, index) =>
  [...index.toString(20).padStart(3, '0')]
    .map((digit) => syllable(Number.parseInt(digit, 20)))
    .join(''),
);
const words = (count: number) =>
  Array.from({ length: count }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(' ');

/**
 * Load the memories into a PGlite folder, then time `hydrate` in this
 * process, as the server composes it: what a round trip adds is the rest.
 */
async function load(
  dataDir: string,
  embedderName: 'local' | 'none',
): Promise<{ rate: number; hydrate: number[] }> {
  const embedder = embedderName === 'local' ? { embedder: createLocalEmbedder() } : {};
  const store = await openPGliteStore({ dataDir, ...embedder });
  const scope = { tenant: 'bench', path: ['user:alice'] };
  const started = performance.now();
  for (let done = 0; done < memories; done += Limits.opsPerApply) {
    const ops = Array.from(
      { length: Math.min(Limits.opsPerApply, memories - done) },
      (_, index) => ({
        op: 'add' as const,
        layer: 'semantic' as const,
        text: `memory ${done + index}: ${words(10)}`,
        salience: 0.5,
      }),
    );
    await store.apply(scope, ops, { writer: 'bench' });
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = createMemory({ store, ...embedder });
  const hydrate = await time(() => memory.hydrate(scope, words(3)));
  await store.close();
  return { rate: memories / seconds, hydrate };
}

async function time(call: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < warmup; index += 1) await call();
  const times: number[] = [];
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

const rows: string[][] = [];
for (const embedder of embedders) {
  const folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-bench-'));
  try {
    const { rate, hydrate } = await load(folder, embedder);
    const session = await connectStdio([
      '--data',
      folder,
      '--tenant',
      'bench',
      '--user',
      'alice',
      '--embedder',
      embedder,
    ]);
    try {
      const recall = await time(async () => {
        const answered = await session.client.callTool({
          name: 'memory_recall',
          arguments: { query: words(3) },
        });
        if (answered.isError) throw new Error('memory_recall failed');
      });
      let added = 0;
      const remember = await time(async () => {
        added += 1;
        const answered = await session.client.callTool({
          name: 'memory_remember',
          arguments: { ops: [{ op: 'add', text: `bench fact ${added}: ${words(10)}` }] },
        });
        if (answered.isError) throw new Error('memory_remember failed');
      });
      for (const [what, times] of [
        ['`memory_recall` over stdio', recall],
        ['`hydrate` in process, no MCP', hydrate],
        ['`memory_remember` over stdio', remember],
      ] as const) {
        rows.push([
          embedder,
          memories.toLocaleString('en'),
          what,
          String(calls),
          percentile(times, 0.5).toFixed(1),
          percentile(times, 0.95).toFixed(1),
          Math.round(rate).toLocaleString('en'),
        ]);
      }
    } finally {
      await session.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const figures: Figures = {
  document: 'packages/mcp-server/README.md',
  section: 'mcp-bench',
  measured: `\`pnpm --filter @symfonic/mcp-server bench\`, ${calls} calls after the warm-up ones, on ${benchMachine()}`,
  columns: [
    { title: 'embedder' },
    { title: 'memories', align: 'right' },
    { title: 'call' },
    { title: 'calls', align: 'right' },
    { title: 'p50 ms', align: 'right' },
    { title: 'p95 ms', align: 'right' },
    { title: 'load, memories/s', align: 'right' },
  ],
  rows,
};
console.log(renderFigures(figures));
saveFigures(figures, new URL('../', import.meta.url));
