/**
 * Writes the hydrate benchmark's table into the package README from the
 * benchmark's own output, between `<!-- hydrate-bench:start -->` and
 * `<!-- hydrate-bench:end -->`, the rest of the README left as it is:
 *
 *   pnpm --filter @symfonic/memory bench > hydrate-bench.txt
 *   pnpm --filter @symfonic/memory bench:readme hydrate-bench.txt
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceSection } from '@symfonic/test-support';
import { hydrateTable, parseHydrateBench } from './hydrate-table.js';

const [input = 'hydrate-bench.txt', readme = 'README.md'] = process.argv.slice(2);
const table = hydrateTable(parseHydrateBench(readFileSync(input, 'utf8')));
writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'hydrate-bench', table));
console.log(`wrote the hydrate table of ${input} into ${readme}`);
