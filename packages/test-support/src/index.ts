export { type Barrier, barrier } from './barrier.js';
export { fencedBlocks } from './fenced-blocks.js';
export {
  documentWithFigures,
  type Figures,
  readFigures,
  renderFigures,
  repositoryRoot,
  writeFigures,
  writeFiguresFile,
} from './figures/figures-file.js';
export { figuresFiles } from './figures/figures-files.js';
export {
  type ColumnAlign,
  markdownTable,
  type TableCell,
  type TableColumn,
} from './figures/markdown-table.js';
export { percentile } from './figures/percentile.js';
export { benchMachine, saveFigures } from './figures/save-figures.js';
export { type ReadmeExample, readmeExample } from './readme-example.js';
export { replaceSection } from './replace-section.js';
export { runModule } from './run-module.js';
export { type ZipfCorpus, zipfCorpus } from './zipf-corpus.js';
