export { fencedBlocks } from './fenced-blocks.js';
export { type ReadmeExample, readmeExample } from './readme-example.js';
export { replaceSection } from './replace-section.js';
export { runModule } from './run-module.js';
export { type ZipfCorpus, zipfCorpus } from './zipf-corpus.js';
