/**
 * Writes the PGlite hydrate split's table into store-drizzle's README from
 * the benchmark's JSON output, between `<!-- pglite-hydrate-split:start -->`
 * and `<!-- pglite-hydrate-split:end -->`, the rest of the README left as it is:
 *
 *   pnpm --filter @symfonic/bench memory:pglite-hydrate-split-table [pglite-hydrate-split.json] [README]
 *
 * (a relative path is read from `apps/bench`; the README is store-drizzle's unless one is given).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { replaceSection } from '@symfonic/test-support';
import { packageFolder } from '../package-folder.js';
import { type HydrateSplit, hydrateSplitTable } from './pglite-hydrate-split-table.js';

const [
  input = 'pglite-hydrate-split.json',
  readme = fileURLToPath(new URL('README.md', packageFolder('store-drizzle'))),
] = process.argv.slice(2);
const table = hydrateSplitTable(JSON.parse(readFileSync(input, 'utf8')) as HydrateSplit);
writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'pglite-hydrate-split', table));
console.log(`wrote the hydrate split of ${input} into ${readme}`);
