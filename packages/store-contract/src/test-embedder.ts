import { type EmbeddingProvider, MemoryUnavailable } from '@symfonic/core';
import { conceptTable, stopWords } from './concept-table.js';

/**
 * A deterministic embedder for tests, with an outage switch. It is a test
 * device, not a model: each word is mapped to its concept in a small
 * built-in synonym table (or kept as itself), each concept is hashed into one
 * dimension, and the counts are scaled to unit length. So "allergic to
 * peanuts" and "nuts cause a reaction" point the same way with no word in
 * common, and the same text always gives the same vector on every machine.
 */
export interface TestEmbedder extends EmbeddingProvider {
  /**
   * Simulate an outage (`false`) or end it (`true`). While unavailable,
   * `embed` throws `MemoryUnavailable`, as a real provider's adapter would.
   */
  setAvailable(available: boolean): void;
  /** How many times `embed` was called, failed calls included. */
  readonly calls: number;
}

/** Options of {@link createTestEmbedder}. */
export interface TestEmbedderOptions {
  /** Vector length; 64 by default. Collisions only add noise, never remove a shared concept. */
  readonly dimensions?: number;
}

const conceptOfWord = new Map<string, string>(
  Object.entries(conceptTable).flatMap(([concept, words]) =>
    words.map((word) => [word, concept] as const),
  ),
);

/** The concept a text without any meaningful word is embedded as, so no vector is all zeros. */
const emptyConcept = '\u2205';

/** 32-bit FNV-1a: a fixed, portable hash, so vectors never depend on the runtime. */
function hashConcept(concept: string): number {
  let hash = 0x811c9dc5;
  for (const character of concept) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The concepts of a text: its words (Unicode letters, marks and digits), stop words left out. */
function conceptsOf(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const concepts = words
    .filter((word) => !stopWords.has(word))
    .map((word) => conceptOfWord.get(word) ?? word);
  return concepts.length > 0 ? concepts : [emptyConcept];
}

/**
 * Build a {@link TestEmbedder}: model `symfonic-test-concepts-v1`.
 *
 * @throws RangeError when `dimensions` is not a positive integer.
 */
export function createTestEmbedder(options: TestEmbedderOptions = {}): TestEmbedder {
  const dimensions = options.dimensions ?? 64;
  if (!Number.isInteger(dimensions) || dimensions < 1) {
    throw new RangeError('the test embedder needs a positive whole number of dimensions');
  }
  const embedOne = (text: string): Float32Array => {
    const vector = new Float32Array(dimensions);
    for (const concept of conceptsOf(text)) {
      const dimension = hashConcept(concept) % dimensions;
      vector[dimension] = (vector[dimension] ?? 0) + 1;
    }
    let squares = 0;
    for (const value of vector) squares += value * value;
    const norm = Math.sqrt(squares);
    for (let index = 0; index < dimensions; index += 1) {
      vector[index] = (vector[index] ?? 0) / norm;
    }
    return vector;
  };
  return switchableEmbedder('symfonic-test-concepts-v1', dimensions, embedOne);
}

/**
 * A {@link TestEmbedder} of `model` and `dimensions` that embeds each text
 * with `embedOne`, counts its calls and fails while switched off.
 */
export function switchableEmbedder(
  model: string,
  dimensions: number,
  embedOne: (text: string) => Float32Array,
): TestEmbedder {
  let available = true;
  let calls = 0;
  return {
    model,
    dimensions,
    get calls() {
      return calls;
    },
    setAvailable(next: boolean) {
      available = next;
    },
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      calls += 1;
      if (!available) throw new MemoryUnavailable('the test embedder is simulating an outage');
      return texts.map(embedOne);
    },
  };
}
