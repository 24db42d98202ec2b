/**
 * Writes the hydrate benchmark's table into memory's README from the
 * benchmark's own output, between `<!-- hydrate-bench:start -->` and
 * `<!-- hydrate-bench:end -->`, the rest of the README left as it is (a relative
 * output file is read from `apps/bench`, where pnpm runs the scripts):
 *
 *   pnpm --filter @symfonic/bench memory:hydrate > apps/bench/hydrate-bench.txt
 *   pnpm --filter @symfonic/bench memory:hydrate-table hydrate-bench.txt
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { replaceSection } from '@symfonic/test-support';
import { packageFolder } from '../package-folder.js';
import { hydrateTable, parseHydrateBench } from './hydrate-table.js';

const [
  input = 'hydrate-bench.txt',
  readme = fileURLToPath(new URL('README.md', packageFolder('memory'))),
] = process.argv.slice(2);
const table = hydrateTable(parseHydrateBench(readFileSync(input, 'utf8')));
writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'hydrate-bench', table));
console.log(`wrote the hydrate table of ${input} into ${readme}`);
