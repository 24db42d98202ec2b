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
 * same folder. Not a test: it prints a table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Limits } from '@symfonic/core';
import { createLocalEmbedder } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { connectStdio } from './testing/server-process.js';

const memories = Number(process.env.MEMORIES ?? 10_000);
const calls = Number(process.env.CALLS ?? 200);
const embedders = (process.env.EMBEDDERS ?? 'local,none').split(',') as ('local' | 'none')[];
const warmup = 10;

/** mulberry32: a small seeded generator, so every run writes the same corpus. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = seeded(7);
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'gu'];
const vocabulary = Array.from({ length: 3_000 }, (_, index) => {
  let word = '';
  let rest = index + 7;
  while (rest > 0 || word.length < 4) {
    word += syllables[rest % syllables.length];
    rest = Math.floor(rest / syllables.length);
  }
  return word;
});
const words = (count: number) =>
  Array.from({ length: count }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ');

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

async function load(dataDir: string, embedder: 'local' | 'none'): Promise<number> {
  const store = await openPGliteStore({
    dataDir,
    ...(embedder === 'local' ? { embedder: createLocalEmbedder() } : {}),
  });
  const scope = { tenant: 'bench', path: ['user:alice'] };
  const started = performance.now();
  for (let done = 0; done < memories; done += Limits.opsPerApply) {
    const ops = Array.from({ length: Math.min(Limits.opsPerApply, memories - done) }, (_, index) => ({
      op: 'add' as const,
      layer: 'semantic' as const,
      text: `memory ${done + index}: ${words(10)}`,
      salience: 0.5,
    }));
    await store.apply(scope, ops, { writer: 'bench' });
  }
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return memories / seconds;
}

async function time(call: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < warmup; index += 1) await call();
  const times: number[] = [];
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((left, right) => left - right);
}

const rows: string[] = [];
for (const embedder of embedders) {
  const folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-bench-'));
  try {
    const rate = await load(folder, embedder);
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
      for (const [tool, times] of [
        ['memory_recall', recall],
        ['memory_remember', remember],
      ] as const) {
        rows.push(
          `| ${embedder} | ${memories.toLocaleString('en')} | \`${tool}\` | ${calls} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${Math.round(rate).toLocaleString('en')} |`,
        );
      }
    } finally {
      await session.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

console.log('| embedder | memories | tool | calls | p50 ms | p95 ms | load, memories/s |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
