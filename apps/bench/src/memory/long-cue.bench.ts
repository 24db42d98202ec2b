/**
 * Benchmark: what a maximal recall cue (`Limits.cueText` characters of
 * distinct words) costs against a typical one, on a store of 10k memories in
 * one scope (in-memory, then embedded PGlite), and what it costs another
 * tenant of the same store: that tenant's `hydrate` latency alone, then
 * while maximal cues run back to back. The seeded memories draw on a
 * vocabulary of a few thousand made-up words, so a maximal cue holds over a
 * thousand distinct words most of which some memory holds. Run it with
 * `pnpm --filter @symfonic/bench memory:long-cue` after a build (`npx tsc -b apps/bench`);
 * `BENCH_MEMORIES` and `BENCH_RUNS` shrink or grow it.
 */
import { Limits, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { percentile } from '@symfonic/test-support';
import { pick, sequence } from './seed-notes.js';

const memories = Number(process.env.BENCH_MEMORIES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const warmup = 3;
const user: MemoryScope = { tenant: 'bench', path: ['user:1'] };
const conversation: MemoryScope = { tenant: 'bench', path: ['user:1', 'conversation:1'] };
const neighbour: MemoryScope = { tenant: 'neighbour', path: ['user:1', 'conversation:1'] };

/** Made-up words of two to four syllables: no stemmer or stop list changes them much. */
function vocabulary(size: number): string[] {
  const onsets = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 't', 'v', 'z'];
  const vowels = ['a', 'o', 'u', 'i'];
  const random = sequence(3);
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = '';
    for (let index = 0; index < syllables; index += 1) {
      word += pick(onsets, random) + pick(vowels, random);
    }
    words.add(`${word}k`);
  }
  return [...words];
}

const words = vocabulary(4_000);
const topics = ['tea', 'coffee', 'jazz', 'hiking', 'Lyon', 'sailing', 'chess', 'baking'];

async function seed(store: MemoryStore, scope: MemoryScope, count: number): Promise<void> {
  const random = sequence(scope.tenant.length);
  for (let start = 0; start < count; start += Limits.opsPerApply) {
    const ops = [];
    for (let index = start; index < Math.min(count, start + Limits.opsPerApply); index += 1) {
      const said = Array.from({ length: 6 }, () => pick(words, random)).join(' ');
      ops.push({
        op: 'add' as const,
        layer: index % 3 === 0 ? ('episodic' as const) : ('semantic' as const),
        text: `Note ${index}: the user talked about ${pick(topics, random)}, ${said}`,
        salience: Math.round(random() * 100) / 100,
      });
    }
    const result = await store.apply(scope, ops, { writer: 'bench' });
    if (result.rejected.length > 0) throw new Error(`seeding refused ${result.rejected.length}`);
  }
}

/** A cue of `Limits.cueText` characters: distinct vocabulary words, in a shuffled order. */
function maximalCue(seed: number): string {
  const random = sequence(seed);
  const shuffled = [...words].sort(() => random() - 0.5);
  let cue = '';
  for (const word of shuffled) {
    if (cue.length + word.length + 1 > Limits.cueText) break;
    cue += cue.length === 0 ? word : ` ${word}`;
  }
  return cue;
}

function typicalCue(random: () => number): string {
  return `what did I say about ${pick(topics, random)} and ${pick(words, random)} last week?`;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

interface Measured {
  readonly typical: number[];
  readonly maximal: number[];
  readonly neighbourAlone: number[];
  readonly neighbourContended: number[];
  readonly shortened: string;
}

async function measure(name: string, store: MemoryStore): Promise<Measured> {
  console.error(`measuring ${name}…`);
  const memory: Memory = createMemory({ store });
  const random = sequence(11);
  const result: Measured = {
    typical: [],
    maximal: [],
    neighbourAlone: [],
    neighbourContended: [],
    shortened: '',
  };
  let shortened = '';
  for (let run = 0; run < warmup + runs; run += 1) {
    const typical = await timed(() => memory.hydrate(conversation, typicalCue(random)));
    const maximal = await timed(async () => {
      const block = await memory.hydrate(conversation, maximalCue(run));
      shortened = block.degraded.conditions
        .filter(({ code }) => code === 'cue-shortened')
        .map(({ detail }) => detail)
        .join('; ');
    });
    const alone = await timed(() => memory.hydrate(neighbour, typicalCue(random)));
    if (run < warmup) continue;
    result.typical.push(typical);
    result.maximal.push(maximal);
    result.neighbourAlone.push(alone);
  }
  // Maximal cues back to back for one tenant; the other hydrates meanwhile.
  let contending = true;
  const flood = (async () => {
    for (let cue = 1; contending; cue += 1) await memory.hydrate(conversation, maximalCue(cue));
  })();
  for (let run = 0; run < warmup + runs; run += 1) {
    const contended = await timed(() => memory.hydrate(neighbour, typicalCue(random)));
    if (run >= warmup) result.neighbourContended.push(contended);
  }
  contending = false;
  await flood;
  return { ...result, shortened };
}

const cell = (value: number) => value.toFixed(1).padStart(9);

async function main(): Promise<void> {
  const rows: [string, Measured][] = [];
  const inMemory = createInMemoryStore();
  await seed(inMemory, user, memories);
  await seed(inMemory, { tenant: 'neighbour', path: ['user:1'] }, 1_000);
  rows.push(['in-memory', await measure('in-memory', inMemory)]);
  await inMemory.close();

  const pglite = await openPGliteStore();
  console.error(`seeding PGlite with ${memories} memories…`);
  await seed(pglite, user, memories);
  await seed(pglite, { tenant: 'neighbour', path: ['user:1'] }, 1_000);
  rows.push(['PGlite', await measure('PGlite', pglite)]);
  await pglite.close();

  const cue = maximalCue(1);
  console.log(
    `hydrate at ${memories} memories in one scope, ${runs} runs each (ms); maximal cue: ${cue.length} characters, ${new Set(cue.split(' ')).size} distinct words; Limits.cueTerms = ${Limits.cueTerms}\n`,
  );
  console.log(
    `${'store'.padEnd(10)} ${'typical p50'.padStart(12)} ${'typical p95'.padStart(12)} ${'maximal p50'.padStart(12)} ${'maximal p95'.padStart(12)} ${'p95 ratio'.padStart(10)}`,
  );
  for (const [name, row] of rows) {
    const ratio = percentile(row.maximal, 0.95) / percentile(row.typical, 0.95);
    console.log(
      `${name.padEnd(10)} ${cell(percentile(row.typical, 0.5)).padStart(12)} ${cell(percentile(row.typical, 0.95)).padStart(12)} ${cell(percentile(row.maximal, 0.5)).padStart(12)} ${cell(percentile(row.maximal, 0.95)).padStart(12)} ${`${ratio.toFixed(1)}×`.padStart(10)}`,
    );
  }
  console.log('\nanother tenant hydrating a typical cue (ms):');
  console.log(
    `${'store'.padEnd(10)} ${'alone p50'.padStart(10)} ${'alone p95'.padStart(10)} ${'flooded p50'.padStart(12)} ${'flooded p95'.padStart(12)}`,
  );
  for (const [name, row] of rows) {
    console.log(
      `${name.padEnd(10)} ${cell(percentile(row.neighbourAlone, 0.5)).padStart(10)} ${cell(percentile(row.neighbourAlone, 0.95)).padStart(10)} ${cell(percentile(row.neighbourContended, 0.5)).padStart(12)} ${cell(percentile(row.neighbourContended, 0.95)).padStart(12)}`,
    );
  }
  console.log(
    `\n"flooded": while one tenant runs maximal cues back to back. Reported for a maximal cue: ${rows.map(([name, row]) => `${name}: ${row.shortened || 'nothing'}`).join(' | ')}`,
  );
}

await main();
