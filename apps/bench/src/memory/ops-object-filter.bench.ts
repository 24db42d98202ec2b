/**
 * Benchmark: the ops-object filter on 1 MB answers of hostile shapes, given
 * whole and in 16-character deltas (a stream), and `readOpsObjects` on the
 * same text (what `remember` runs). Goal: under 50 ms for 1 MB of any shape.
 * Each row is the median and p95 of `BENCH_RUNS` runs (default 20); the
 * shapes alternate within a round, so a change in load hits them alike.
 *
 * Run it with `pnpm --filter @symfonic/bench memory:ops-filter` after a build
 * (`npx tsc -b apps/bench`).
 */
import { OpsObjectFilter, readOpsObjects } from '@symfonic/memory';
import { percentile } from '@symfonic/test-support';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const warmup = 3;
const size = 1_000_000;
const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const shapes: readonly { readonly name: string; readonly text: string }[] = [
  { name: 'prose', text: fill('Lyon is lovely in the spring, {really}. ') },
  { name: 'fence line, then spaces', text: `\`\`\`${' '.repeat(size - 4)}x` },
  { name: 'json fence line, then spaces', text: `\`\`\`json${' '.repeat(size - 7)}` },
  { name: 'fence body of blank lines', text: `\`\`\`json\n${fill(' \n')}` },
  { name: 'opening braces', text: '{'.repeat(size) },
  { name: 'ops object nested without end', text: `{"ops": ${'['.repeat(size - 8)}` },
  { name: 'objects nested without end', text: fill('{"a": ') },
  { name: 'one JSON object (no ops key)', text: `{"a": "${'x'.repeat(size - 9)}"}` },
  { name: 'one ops object', text: `{"ops": [{"op": "add", "text": "${'x'.repeat(size - 40)}"}]}` },
  { name: 'many small ops objects', text: fill('{"ops": []} ') },
  {
    name: 'fenced ops object, then spaces',
    text: `\`\`\`json\n{"ops": []}${' '.repeat(size)}\`\`x`,
  },
  { name: 'braces that open no JSON', text: fill(' {x') },
  { name: 'backtick pairs at line starts', text: fill('``\n') },
];

const ways: readonly { readonly name: string; readonly run: (text: string) => void }[] = [
  {
    name: 'filter, whole',
    run: (text) => {
      const filter = new OpsObjectFilter();
      filter.push(text);
      filter.end();
    },
  },
  {
    name: 'filter, 16-char deltas',
    run: (text) => {
      const filter = new OpsObjectFilter();
      for (let at = 0; at < text.length; at += 16) filter.push(text.slice(at, at + 16));
      filter.end();
    },
  },
  { name: 'readOpsObjects', run: (text) => void readOpsObjects(text) },
];

const times = shapes.map(() => ways.map((): number[] => []));
for (let round = 0; round < warmup + runs; round += 1) {
  shapes.forEach((shape, shapeIndex) => {
    ways.forEach((way, wayIndex) => {
      const started = performance.now();
      way.run(shape.text);
      const elapsed = performance.now() - started;
      if (round >= warmup) times[shapeIndex]?.[wayIndex]?.push(elapsed);
    });
  });
}

const cell = (values: readonly number[]) =>
  `${percentile(values, 0.5).toFixed(1).padStart(7)} ${percentile(values, 0.95).toFixed(1).padStart(7)}`;
console.log(
  `ops-object filter, ${(size / 1e6).toFixed(0)} MB answers, ms (p50 p95), ${runs} runs, Node ${process.versions.node}\n`,
);
console.log(`${'shape'.padEnd(34)}${ways.map((way) => way.name.padStart(24)).join('')}`);
shapes.forEach((shape, shapeIndex) => {
  const cells = ways.map((_, wayIndex) => cell(times[shapeIndex]?.[wayIndex] ?? []).padStart(24));
  console.log(`${shape.name.padEnd(34)}${cells.join('')}`);
});
const worst = Math.max(...times.flat().map((values) => percentile(values, 0.95)));
console.log(`\nworst p95: ${worst.toFixed(1)} ms (goal: under 50 ms)`);
