/**
 * Writes README and docs/ tables from their figures files (see `Figures`):
 *
 *   node packages/test-support/dist/write-figures.js [figures/x.json …]
 *
 * Without arguments, every `*\/figures/*.json` of the repository. Each rewrites only its own
 * section of its document.
 */
import { resolve } from 'node:path';
import { readFigures, repositoryRoot, writeFigures } from './figures/figures-file.js';
import { figuresFiles } from './figures/figures-files.js';

const root = repositoryRoot(process.cwd());
const given = process.argv.slice(2);
const files =
  given.length > 0
    ? given.map((file) => resolve(file))
    : figuresFiles(root).map((file) => resolve(root, file));
for (const file of files) {
  const figures = readFigures(file);
  writeFigures(root, figures);
  console.log(`wrote ${figures.section} into ${figures.document}`);
}
