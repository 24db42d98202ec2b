/**
 * Benchmark: does one tenant's maximal cues stall another tenant's `hydrate`?
 * One embedded PGlite store holds two tenants of `BENCH_MEMORIES` memories
 * each (10 000 by default). Tenant `quiet` hydrates ordinary 4-word cues,
 * one after another; in alternating blocks of runs, tenant `loud` either
 * rests or sends maximal cues (`Limits.cueText` characters of distinct words)
 * back to back, from a loop of its own that never waits for `quiet`. The
 * table gives `quiet`'s p50 / p95 in both blocks and their ratio (the goal is
 * a p95 under load at most twice the quiet one), and how many maximal cues
 * `loud` got through and their p50. PGlite runs one statement at a time, so a
 * quiet hydrate waits for the loud statement in flight.
 *
 *   npx tsc -b apps/bench && pnpm --filter @symfonic/bench memory:tenant-stall
 *   BENCH_MEMORIES=2000 BENCH_RUNS=20 … for a shorter run
 */
import { loadavg } from 'node:os';
import { Limits, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { percentile } from '@symfonic/test-support';
import { distinctWord, maximalCue } from './maximal-cue.js';
import { sequence } from './seed-notes.js';

const memories = Number(process.env.BENCH_MEMORIES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 60);
const block = 10;
const quiet: MemoryScope = { tenant: 'quiet', path: ['user:1', 'conversation:1'] };
const loud: MemoryScope = { tenant: 'loud', path: ['user:1', 'conversation:1'] };
const words = ['tea', 'jazz', 'hiking', 'Lyon', 'peanuts', 'marathon', 'cats', 'chess', 'sailing'];

const random = sequence(5);
const pick = () => words[Math.floor(random() * words.length)] ?? 'tea';

async function seed(store: MemoryStore, tenant: string): Promise<void> {
  const at: MemoryScope = { tenant, path: ['user:1'] };
  for (let start = 0; start < memories; start += Limits.opsPerApply) {
    const ops = Array.from({ length: Math.min(Limits.opsPerApply, memories - start) }, (_, i) => ({
      op: 'add' as const,
      text: `Note ${start + i}: likes ${pick()} and ${pick()}, ${distinctWord(start + i)}`,
      salience: Math.round(random() * 100) / 100,
    }));
    await store.apply(at, ops, { writer: 'bench' });
  }
}

const store = await openPGliteStore();
try {
  console.error(`seeding ${memories} memories in each of two tenants…`);
  await seed(store, 'quiet');
  await seed(store, 'loud');
  const memory = createMemory({ store });
  const timings = { alone: [] as number[], loaded: [] as number[], loud: [] as number[] };
  let loudOn = false;
  let loudLoop: Promise<void> = Promise.resolve();
  const startLoud = () => {
    loudOn = true;
    loudLoop = (async () => {
      for (let round = 0; loudOn; round += 1) {
        const started = performance.now();
        await memory.hydrate(loud, maximalCue(round * 7));
        timings.loud.push(performance.now() - started);
      }
    })();
  };
  const loadBefore = loadavg();
  // Warm up both tenants and the statistics.
  for (let run = 0; run < 5; run += 1) {
    await memory.hydrate(quiet, `${pick()} ${pick()} or ${pick()}?`);
    await memory.hydrate(loud, maximalCue(run));
  }
  for (let run = 0; run < 2 * runs; run += 1) {
    const loaded = Math.floor(run / block) % 2 === 1;
    if (loaded && !loudOn) startLoud();
    if (!loaded && loudOn) {
      loudOn = false;
      await loudLoop;
    }
    const started = performance.now();
    await memory.hydrate(quiet, `any thoughts on ${pick()} and ${pick()}?`);
    (loaded ? timings.loaded : timings.alone).push(performance.now() - started);
  }
  loudOn = false;
  await loudLoop;
  const row = (name: string, values: number[]) =>
    `| ${name} | ${values.length} | ${percentile(values, 0.5).toFixed(1)} | ${percentile(values, 0.95).toFixed(1)} |`;
  console.log(
    [
      `PGlite in memory, ${memories} memories in each of two tenants; load average ${loadBefore.map((value) => value.toFixed(2)).join(' / ')} before, ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' / ')} after.`,
      '',
      '| hydrate | runs | p50 ms | p95 ms |',
      '| --- | ---: | ---: | ---: |',
      row('`quiet`, `loud` resting', timings.alone),
      row('`quiet`, `loud` sending maximal cues', timings.loaded),
      row('`loud`, a maximal cue', timings.loud),
      '',
      `p95 under load / p95 alone: ${(percentile(timings.loaded, 0.95) / percentile(timings.alone, 0.95)).toFixed(2)} × (goal ≤ 2 ×)`,
    ].join('\n'),
  );
} finally {
  await store.close();
}
