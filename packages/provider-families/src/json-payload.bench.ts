/**
 * How long `jsonPayload` takes on 1 MB of adversarial text, and where the time goes.
 * Run with `pnpm --filter @symfonic/provider-families bench` after a build.
 * Prints Markdown tables: median and p95 over the runs, and throughput at the median. With
 * `FIGURES=1` it also writes them to `figures/` for `pnpm figures` to put in the README.
 */
import { benchMachine, type Figures, renderFigures, saveFigures } from '@symfonic/test-support';
import { firstObjectSpan } from './first-object-span.js';
import { jsonPayload } from './json-payload.js';
import { measure } from './measure.bench.js';

const megabyte = 1 << 20;
const runs = 15;

function fill(unit: string, prefix = '', suffix = ''): string {
  const body = unit.repeat(Math.ceil((megabyte - prefix.length - suffix.length) / unit.length));
  return `${prefix}${body}`.slice(0, megabyte - suffix.length) + suffix;
}

function deepObject(): string {
  const depth = Math.floor((megabyte - 1) / 6);
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const inputs: ReadonlyArray<readonly [name: string, text: string]> = [
  ['`{` repeated', fill('{')],
  ['`{"` repeated (unbalanced quotes)', fill('{"')],
  ['`{"k":"` repeated (braces in open strings)', fill('{"k":"')],
  ['`{"a\\` repeated (escapes outside strings)', fill('{"a\\')],
  ['`{"a":` repeated (deep, never closed)', fill('{"a":')],
  ['`{"a":` then `[` repeated (deep arrays)', fill('[', '{"a":')],
  ['`{"a":1,}` repeated (near misses)', fill('{"a":1,}')],
  ['1 MB valid object, 175k levels deep', deepObject()],
  ['1 MB of prose, then `{"ops":[]}`', fill('The user said they like tea. ', '', '{"ops":[]}')],
];

const packageRoot = new URL('../', import.meta.url);
const command = `\`pnpm --filter @symfonic/provider-families bench\`, 1 MiB inputs, ${runs} runs each`;

const rows: string[][] = [];
for (const [name, text] of inputs) {
  const result = jsonPayload(text) === null ? 'null' : 'object';
  const { median, p95 } = measure(() => jsonPayload(text), runs);
  const throughput = text.length / megabyte / (median / 1000);
  rows.push([name, result, median.toFixed(2), p95.toFixed(2), throughput.toFixed(0)]);
}
const payload: Figures = {
  document: 'packages/provider-families/README.md',
  section: 'json-payload-bench',
  measured: `${command}, on ${benchMachine()}`,
  columns: [
    { title: 'input (1 MiB)' },
    { title: 'result' },
    { title: 'median ms', align: 'right' },
    { title: 'p95 ms', align: 'right' },
    { title: 'MB/s', align: 'right' },
  ],
  rows,
};
console.log(`${renderFigures(payload)}\n\n${payload.measured}.`);
saveFigures(payload, packageRoot);

const deep = deepObject();
const span = firstObjectSpan(deep);
const scan = measure(() => firstObjectSpan(deep), runs);
const parse = measure(() => JSON.parse(deep.slice(span?.start ?? 0, span?.end ?? 0)), runs);
const steps: Figures = {
  document: 'packages/provider-families/README.md',
  section: 'json-payload-steps',
  measured: `${command}, the valid deep object, on ${benchMachine()}`,
  columns: [
    { title: 'step' },
    { title: 'median ms', align: 'right' },
    { title: 'p95 ms', align: 'right' },
  ],
  rows: [
    ['scan (firstObjectSpan)', scan.median.toFixed(1), scan.p95.toFixed(1)],
    ['JSON.parse of the span', parse.median.toFixed(1), parse.p95.toFixed(1)],
  ],
};
console.log(
  [
    '',
    'Where the time goes on the valid deep object: the scan reads every character once per live',
    'parse (at most two), and JSON.parse runs once, on the winning span only.',
    '',
    renderFigures(steps),
  ].join('\n'),
);
saveFigures(steps, packageRoot);
