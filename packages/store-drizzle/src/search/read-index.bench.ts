/**
 * Benchmark of the read index a sole-writer PGlite store keeps: how long
 * loading it from the database takes and how much memory it holds (heap and array buffers), at each of
 * `SIZES` memories (10 000 and 100 000 by default) in one scope, texts from
 * the Zipf corpus with a context on one memory in four, written with an
 * embedder of `DIMENSIONS` dimensions (384 by default, the local n-gram
 * embedder's; 0 for none), whose vectors the index then holds. Run with the
 * collector exposed, after a build:
 *
 *   node --expose-gc packages/store-drizzle/dist/search/read-index.bench.js
 *
 * Not a test: it prints a table, with the machine and its load average.
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { type EmbeddingProvider, Limits, type MemoryOp } from '@symfonic/core';
import { benchMachine, zipfCorpus } from '@symfonic/test-support';
import { drizzle } from 'drizzle-orm/pglite';
import { openDrizzleStore } from '../create-drizzle-store.js';
import { vectorIndex } from '../vectors/vector-index.js';
import { ReadIndex } from './read-index.js';

const sizes = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const dimensions = Number(process.env.DIMENSIONS ?? 384);
/** Pseudo-random vectors, one per text (seeded by its characters): the index holds them as it holds any model's. */
const embedder: EmbeddingProvider | undefined =
  dimensions > 0
    ? {
        model: `seeded-random-${dimensions}`,
        dimensions,
        embed: async (texts) =>
          texts.map((text) => {
            let state = 7;
            for (const character of text) {
              state = (Math.imul(state, 31) + (character.codePointAt(0) ?? 0)) >>> 0;
            }
            return Float32Array.from({ length: dimensions }, () => {
              state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
              return state / 2 ** 31 - 1;
            });
          }),
      }
    : undefined;
const vectors = embedder && vectorIndex(embedder.model, embedder.dimensions);
const loads = 5;
const scope = { tenant: 'acme', path: ['user:1'] };
const { sentence } = zipfCorpus(42);

/**
 * The memory in use after a full collection, in bytes: the heap and the
 * array buffers, which hold the vectors' values outside it.
 */
function heap(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc');
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const rows: string[] = [];
for (const size of sizes) {
  const client = await PGlite.create({ extensions: { vector } });
  const db = drizzle({ client });
  const store = await openDrizzleStore(
    { db, ...(embedder ? { embedder } : {}) },
    { soleWriter: true },
  );
  console.error(`seeding ${size} memories…`);
  for (let start = 0; start < size; start += Limits.opsPerApply) {
    const ops: MemoryOp[] = [];
    for (let at = start; at < Math.min(size, start + Limits.opsPerApply); at += 1) {
      ops.push({
        op: 'add',
        layer: at % 3 === 0 ? 'episodic' : 'semantic',
        text: `${sentence(12)} ${at}`,
        salience: (at % 100) / 100,
        ...(at % 4 === 0 ? { context: sentence(6) } : {}),
      });
    }
    await store.apply(scope, ops, { writer: 'bench' });
  }
  const times: number[] = [];
  const bytes: number[] = [];
  // The index of the previous run is let go before each run's first measurement.
  let index: ReadIndex | undefined;
  for (let run = 0; run < loads; run += 1) {
    index = undefined;
    const before = heap();
    index = new ReadIndex(db, vectors);
    const started = performance.now();
    if (!(await index.ready())) throw new Error('the index did not load');
    times.push(performance.now() - started);
    bytes.push(heap() - before);
    if (index.size !== size) throw new Error(`the index holds ${index.size} memories`);
  }
  rows.push(
    `| ${size.toLocaleString('en')} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${(median(bytes) / 2 ** 20).toFixed(1)} | ${(median(bytes) / size / 1024).toFixed(2)} |`,
  );
  await store.close();
  await client.close();
}
console.log(benchMachine());
console.log(`vectors of ${dimensions} dimensions per memory`);
console.log(
  '| memories | load p50 (ms) | load min (ms) | heap and buffers (MiB) | per memory (KiB) |',
);
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
