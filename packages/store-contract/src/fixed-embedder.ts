import { switchableEmbedder, type TestEmbedder } from './test-embedder.js';

/**
 * A {@link TestEmbedder} whose vectors are set by hand: `table[text]` for a
 * text of the table, `fallback` for any other (its length is the dimension).
 * For tests that need two rankings to disagree on purpose; model
 * `symfonic-test-fixed-by-hand`.
 */
export function createFixedEmbedder(
  table: Readonly<Record<string, readonly number[]>>,
  fallback: readonly number[],
): TestEmbedder {
  return switchableEmbedder('symfonic-test-fixed-by-hand', fallback.length, (text) =>
    Float32Array.from(table[text] ?? fallback),
  );
}
