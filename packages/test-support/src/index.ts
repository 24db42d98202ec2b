export { fencedBlocks } from './fenced-blocks.js';
export { type ReadmeExample, readmeExample } from './readme-example.js';
export { runModule } from './run-module.js';
export { type ZipfCorpus, zipfCorpus } from './zipf-corpus.js';
