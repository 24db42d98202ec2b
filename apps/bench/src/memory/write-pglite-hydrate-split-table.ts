/**
 * Writes the PGlite hydrate split's table into store-drizzle's README from
 * the benchmark's JSON output, between `<!-- pglite-hydrate-split:start -->`
 * and `<!-- pglite-hydrate-split:end -->`, the rest of the README left as it is:
 *
 *   node bench/dist/write-pglite-hydrate-split-table.js [pglite-hydrate-split.json] [../store-drizzle/README.md]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceSection } from '@symfonic/test-support';
import { type HydrateSplit, hydrateSplitTable } from './pglite-hydrate-split-table.js';

const [input = 'pglite-hydrate-split.json', readme = '../store-drizzle/README.md'] =
  process.argv.slice(2);
const table = hydrateSplitTable(JSON.parse(readFileSync(input, 'utf8')) as HydrateSplit);
writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'pglite-hydrate-split', table));
console.log(`wrote the hydrate split of ${input} into ${readme}`);
