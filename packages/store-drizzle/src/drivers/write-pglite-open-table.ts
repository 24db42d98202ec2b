/**
 * Writes the open benchmark's table into the package README from the
 * benchmark's JSON output, so the figures there are exactly what a run
 * measured, with the machine's load at the time:
 *
 *   node dist/drivers/write-pglite-open-table.js [pglite-open-bench.json] [README.md]
 *
 * The table sits between `<!-- pglite-open-bench:start -->` and
 * `<!-- pglite-open-bench:end -->`; the rest of the README is left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { OpenBench } from './pglite-open-results.js';
import { openTable, openTableEnd, openTableStart } from './pglite-open-table.js';

const [input = 'pglite-open-bench.json', readme = 'README.md'] = process.argv.slice(2);
const bench = JSON.parse(readFileSync(input, 'utf8')) as OpenBench;
const text = readFileSync(readme, 'utf8');
const from = text.indexOf(openTableStart);
const to = text.indexOf(openTableEnd);
if (from < 0 || to < from)
  throw new Error(`${readme} has no ${openTableStart} … ${openTableEnd} section`);
writeFileSync(
  readme,
  `${text.slice(0, from)}${openTable(bench)}${text.slice(to + openTableEnd.length)}`,
);
console.log(`wrote the open table of ${input} into ${readme}`);
