export {
  type ReadWinkWordVectorsOptions,
  readWinkWordVectors,
  winkVocabulary,
} from './embedders/word-vectors/read-wink-word-vectors.js';
export {
  createWordVectorEmbedder,
  type WordVectorEmbedderOptions,
  wordVectorEmbedderDefaults,
} from './embedders/word-vectors/word-vector-embedder.js';
export {
  createWordVectorTable,
  type WordVectorTable,
  type WordVectorTableInput,
} from './embedders/word-vectors/word-vector-table.js';
export { WordVectorsUnreadable } from './embedders/word-vectors/word-vectors-unreadable.js';
