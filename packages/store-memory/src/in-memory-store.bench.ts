/**
 * Benchmark of the in-memory store: `retrieve` latency at 1k, 10k and 100k
 * memories in one scope, without and with vectors (384 dimensions), against
 * its two components measured alone (a MiniSearch query on the same texts; a
 * plain Float32Array cosine scan with top-10 selection), `apply`
 * throughput, and the cost of an apply of `Limits.opsPerApply` updates of one
 * memory as its history grows (it must stay flat: a change appends a version,
 * it never copies the history). Run: `pnpm --filter @symfonic/store-memory bench` (after a build);
 * sizes can be given as arguments: `node dist/in-memory-store.bench.js 1000 10000`. With
 * `FIGURES=1` it also writes its three tables to `figures/` for `pnpm figures` to put in the README.
 *
 * The corpus is synthetic and seeded: a 5,000-word vocabulary drawn with a
 * Zipf law (a few words are as common as "the"), 8 to 16 words per memory.
 * A cue is 3 words of a random memory plus 1 random word. Vectors come from
 * a seeded random-indexing embedder (each word a fixed random vector, a text
 * the sum), cached, so cue embedding costs nothing here: in production it is
 * a model call that dwarfs every figure below.
 */
import {
  type EmbeddingProvider,
  Limits,
  type MemoryOpInput,
  type MemoryStore,
  minimumCandidateWindow,
  NearestRows,
} from '@symfonic/core';
import {
  benchMachine,
  type Figures,
  percentile,
  renderFigures,
  saveFigures,
} from '@symfonic/test-support';
import { createInMemoryStore } from './create-in-memory-store.js';
import { createLexicalIndex } from './search/lexical-index.js';
import { VectorBucket } from './vectors/vector-bucket.js';

const dimensions = 384;
const vocabularySize = 5_000;
const limit = 10;
const scope = { tenant: 'bench', path: ['user:1'] };
const provenance = { writer: 'bench' };

/** mulberry32: a small seeded generator, so every run measures the same corpus. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = seededRandom(42);
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dor'];
const vocabulary = Array.from({ length: vocabularySize }, (_, index) => {
  let word = '';
  let rest = index + 1;
  while (rest > 0) {
    word += syllables[rest % syllables.length];
    rest = Math.floor(rest / syllables.length);
  }
  return word;
});
const zipfCumulative = (() => {
  const weights = vocabulary.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => {
    running += weight / total;
    return running;
  });
})();

function zipfWord(): string {
  const target = random();
  let low = 0;
  let high = zipfCumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((zipfCumulative[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low] as string;
}

function memoryText(index: number): string {
  const words = Array.from({ length: 8 + Math.floor(random() * 9) }, zipfWord);
  return `${words.join(' ')} n${index}`;
}

function cueFrom(texts: readonly string[]): string {
  const words = (texts[Math.floor(random() * texts.length)] as string).split(' ');
  const picked = Array.from({ length: 3 }, () => words[Math.floor(random() * words.length)]);
  return [...picked, zipfWord()].join(' ');
}

/** Random indexing: each word a fixed random unit-ish vector, a text the sum; results cached. */
function createBenchEmbedder(): EmbeddingProvider {
  const wordVectors = new Map<string, Float32Array>();
  const cache = new Map<string, Float32Array>();
  const wordVector = (word: string) => {
    let vector = wordVectors.get(word);
    if (!vector) {
      const wordRandom = seededRandom(
        [...word].reduce((hash, c) => hash * 31 + c.charCodeAt(0), 7),
      );
      vector = Float32Array.from({ length: dimensions }, () => wordRandom() * 2 - 1);
      wordVectors.set(word, vector);
    }
    return vector;
  };
  const embedOne = (text: string) => {
    const cached = cache.get(text);
    if (cached) return cached;
    const vector = new Float32Array(dimensions);
    for (const word of text.split(' ')) {
      const addend = wordVector(word);
      for (let index = 0; index < dimensions; index += 1) {
        vector[index] = (vector[index] as number) + (addend[index] as number);
      }
    }
    cache.set(text, vector);
    return vector;
  };
  return {
    model: 'bench-random-indexing',
    dimensions,
    embed: async (texts) => texts.map(embedOne),
  };
}

interface Percentiles {
  readonly p50: number;
  readonly p95: number;
}

/** Wall-clock and CPU time: on a shared machine the wall clock also counts time spent waiting for a core. */
interface Timing {
  readonly wall: Percentiles;
  readonly cpu: Percentiles;
}

function percentiles(samples: number[]): Percentiles {
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function measure(queries: number, run: (index: number) => unknown): Promise<Timing> {
  for (let index = 0; index < Math.min(50, queries); index += 1) await run(index);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < queries; index += 1) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    await run(index);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: percentiles(wall), cpu: percentiles(cpu) };
}

async function load(store: MemoryStore, texts: readonly string[]): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < texts.length; start += 100) {
    const ops: MemoryOpInput[] = texts
      .slice(start, start + 100)
      .map((text) => ({ op: 'add', text, salience: random() }));
    const result = await store.apply(scope, ops, provenance);
    if (result.rejected.length > 0) throw new Error('the bench corpus has a duplicate');
  }
  return (texts.length / (performance.now() - started)) * 1000;
}

/** The baseline: one flat Float32Array, dot products, top 10 by a heap. */
function plainScan(matrix: Float32Array, count: number, query: Float32Array): void {
  const nearest = new NearestRows(limit);
  for (let row = 0; row < count; row += 1) {
    const offset = row * dimensions;
    let dot = 0;
    for (let index = 0; index < dimensions; index += 1) {
      dot += (matrix[offset + index] as number) * (query[index] as number);
    }
    nearest.offer('', dot);
  }
  nearest.take();
}

const format = (milliseconds: number) => milliseconds.toFixed(3);
const rows: string[][] = [];
const throughput: string[][] = [];
const notes: string[] = [];

const requestedSizes = process.argv
  .slice(2)
  .map(Number)
  .filter((size) => size > 0);
const sizes = requestedSizes.length > 0 ? requestedSizes : [1_000, 10_000, 100_000];

for (const size of sizes) {
  const queries = size === 100_000 ? 100 : 300;
  const texts = Array.from({ length: size }, (_, index) => memoryText(index));
  const cues = Array.from({ length: queries }, () => cueFrom(texts));

  const lexicalStore = createInMemoryStore();
  const lexicalRate = await load(lexicalStore, texts);
  const lexical = await measure(queries, (index) =>
    lexicalStore.retrieve({ scope, cue: cues[index] as string, limit }),
  );
  const index = createLexicalIndex();
  index.addAll(texts.map((text, position) => ({ id: String(position), text })));
  const miniSearch = await measure(queries, (position) => index.search(cues[position] as string));
  await lexicalStore.close();

  const embedder = createBenchEmbedder();
  const cueVectors = await embedder.embed(cues);
  const vectorStore = createInMemoryStore({ embedder });
  const vectorRate = await load(vectorStore, texts);
  const hybrid = await measure(queries, (position) =>
    vectorStore.retrieve({ scope, cue: cues[position] as string, limit }),
  );
  const matrix = new Float32Array(size * dimensions);
  const bucket = new VectorBucket('user:1/', 'semantic', dimensions);
  (await embedder.embed(texts)).forEach((vector, row) => {
    matrix.set(vector, row * dimensions);
    bucket.set(String(row), vector);
  });
  const storeScan = await measure(queries, (position) => {
    const nearest = new NearestRows(minimumCandidateWindow);
    bucket.scan(cueVectors[position] as Float32Array, (id, similarity) => {
      if (similarity > 0) nearest.offer(id, similarity);
    });
    return nearest.take();
  });
  const scan = await measure(queries, (position) =>
    plainScan(matrix, size, cueVectors[position] as Float32Array),
  );
  await vectorStore.close();

  const cells = (timing: Timing) => [
    format(timing.wall.p50),
    format(timing.wall.p95),
    format(timing.cpu.p50),
    format(timing.cpu.p95),
  ];
  rows.push(
    [String(size), 'lexical', ...cells(lexical), 'MiniSearch, whole cue', ...cells(miniSearch), ''],
    [
      String(size),
      'hybrid',
      ...cells(hybrid),
      'plain cosine scan',
      ...cells(scan),
      `${(hybrid.cpu.p95 / scan.cpu.p95).toFixed(2)}x`,
    ],
  );
  notes.push(
    `${size} memories, CPU p50: lexical retrieve ${format(lexical.cpu.p50)} ms, of which MiniSearch scoring is most ` +
      `(MiniSearch on the whole cue, without bounded matching: ${format(miniSearch.cpu.p50)} ms); ` +
      `hybrid retrieve ${format(hybrid.cpu.p50)} ms, of which the store's own cosine scan into a ${minimumCandidateWindow}-row heap ` +
      `${format(storeScan.cpu.p50)} ms (the plain scan: ${format(scan.cpu.p50)} ms), the rest the full-text half, fusion and copies`,
  );
  throughput.push([
    String(size),
    Math.round(lexicalRate).toString(),
    Math.round(vectorRate).toString(),
  ]);
}

/**
 * The CPU time of one apply of `Limits.opsPerApply` updates of one memory,
 * once the memory holds each of `histories` versions (20 timed applies after
 * 20 warm-up ones, each adding that many versions).
 */
async function updateCosts(histories: readonly number[]): Promise<string[][]> {
  const store = createInMemoryStore();
  const [seed] = (await store.apply(scope, [{ op: 'add', text: 'revision 0' }], provenance))
    .applied;
  if (!seed) throw new Error('the memory to update was not written');
  let revision = 0;
  const updates = () =>
    Array.from({ length: Limits.opsPerApply }, () => {
      revision += 1;
      return { op: 'update' as const, id: seed.record.id, text: `revision ${revision}` };
    });
  const costs: string[][] = [];
  for (const history of histories) {
    while (revision < history) await store.apply(scope, updates(), provenance);
    const timing = await measure(20, () => store.apply(scope, updates(), provenance));
    costs.push([
      String(history),
      format(timing.cpu.p50),
      format(timing.cpu.p95),
      format((timing.cpu.p50 * 1000) / Limits.opsPerApply),
    ]);
  }
  await store.close();
  return costs;
}

const packageRoot = new URL('../', import.meta.url);
const command = '`pnpm --filter @symfonic/store-memory bench`';
/** One of the benchmark's tables, printed and (with `FIGURES=1`) saved for the README. */
function report(section: string, measured: string, titles: readonly string[], body: string[][]) {
  const figures: Figures = {
    document: 'packages/store-memory/README.md',
    section,
    measured: `${command}, ${measured}, on ${benchMachine()}`,
    columns: titles.map((title) => ({ title })),
    rows: body,
  };
  console.log(renderFigures(figures));
  saveFigures(figures, packageRoot);
}

console.log(
  `retrieve, limit ${limit}, one scope, ${dimensions}-dimension vectors (milliseconds; CPU = process CPU time)\n`,
);
report(
  'retrieve-bench',
  `retrieve latency in ms at ${sizes.join(', ')} memories`,
  [
    'memories',
    'ranking',
    'p50',
    'p95',
    'CPU p50',
    'CPU p95',
    'component alone',
    'p50',
    'p95',
    'CPU p50',
    'CPU p95',
    'CPU p95 ratio',
  ],
  rows,
);
console.log('\nwhere the time goes\n');
for (const note of notes) console.log(`- ${note}`);
console.log('\napply throughput, batches of 100 adds (memories per second)\n');
report(
  'load-bench',
  'apply throughput, batches of 100 adds, memories per second',
  ['memories loaded', 'lexical only', 'with vectors'],
  throughput,
);
console.log(
  `\none memory updated ${Limits.opsPerApply} times per apply, by versions already in its history (CPU milliseconds per apply)\n`,
);
report(
  'update-bench',
  `one memory updated ${Limits.opsPerApply} times per apply, CPU ms per apply`,
  ['versions before', 'CPU p50', 'CPU p95', 'CPU p50 per update (µs)'],
  await updateCosts([1, 10_000, 100_000]),
);
