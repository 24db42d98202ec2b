export {
  type ReadWinkWordVectorsOptions,
  readWinkWordVectors,
  winkVocabulary,
} from './read-wink-word-vectors.js';
export {
  createWordVectorEmbedder,
  type WordVectorEmbedderOptions,
  wordVectorEmbedderDefaults,
} from './word-vector-embedder.js';
export {
  createWordVectorTable,
  type WordVectorTable,
  type WordVectorTableInput,
} from './word-vector-table.js';
export { WordVectorsUnreadable } from './word-vectors-unreadable.js';
