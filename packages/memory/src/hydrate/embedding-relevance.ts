import {
  checkEmbeddingBatch,
  cosineSimilarity,
  type EmbeddingProvider,
  fusionMarginOf,
  type MemoryRecord,
  MemoryUnavailable,
} from '@symfonic/core';
import type { RelevanceScorer } from './recall.js';

/** How many memory vectors one memory instance keeps between hydrations, by default. */
export const defaultVectorCacheSize = 20_000;

/**
 * A {@link RelevanceScorer} that puts relevance on one scale whatever the
 * store: the cosine similarity (-1 to 1) of the cue's vector and each
 * memory's, naming the embedder's `model` (so recall takes a store's
 * similarities of that model for its own) and its `fusionMargin` as
 * `vectorMargin` (what recall fuses its cosines by over a store that ranked
 * by words alone). Memory vectors are kept by text in a least-recently-used cache of
 * `capacity` entries, so a memory is embedded once, not once per hydration;
 * the cue and every uncached text go to the embedder in one batch.
 *
 * The scorer throws `MemoryUnavailable` when the embedder fails (a foreign
 * error becomes its `cause`) or answers anything but one finite vector of
 * `dimensions` per text (NaN, infinity, a vector missing or of the wrong
 * length): relevance is then unknown, recall degrades, and nothing of that
 * batch is cached, so the next hydration asks again.
 */
/**
 * @throws InvalidMemoryInput when the embedder's `fusionMargin` is not a finite number above 0.
 */
export function embeddingRelevance(
  embedder: EmbeddingProvider,
  capacity: number = defaultVectorCacheSize,
): RelevanceScorer {
  const cache = new Map<string, Float32Array>();
  const scorer = async (cue: string, records: readonly MemoryRecord[]) => {
    const missing = [
      ...new Set(records.map(({ text }) => text).filter((text) => !cache.has(text))),
    ];
    let answered: Float32Array[];
    try {
      answered = await embedder.embed([cue, ...missing]);
    } catch (error) {
      if (MemoryUnavailable.isInstance(error)) throw error;
      throw new MemoryUnavailable(`the embedder "${embedder.model}" failed`, { cause: error });
    }
    // Checked before anything is cached: a bad vector would stay after the embedder recovers.
    const vectors = checkEmbeddingBatch(answered, {
      model: embedder.model,
      count: missing.length + 1,
      dimensions: embedder.dimensions,
    });
    const [cueVector, ...memoryVectors] = vectors as [Float32Array, ...Float32Array[]];
    missing.forEach((text, index) => {
      cache.set(text, memoryVectors[index] as Float32Array);
    });
    const scores = records.map(({ text }) => {
      const vector = cache.get(text) as Float32Array;
      // Re-inserting marks the entry as recently used.
      cache.delete(text);
      cache.set(text, vector);
      return cosineSimilarity(cueVector, vector);
    });
    for (const oldest of cache.keys()) {
      if (cache.size <= capacity) break;
      cache.delete(oldest);
    }
    return scores;
  };
  return Object.assign(scorer, { model: embedder.model, ...fusionMarginOf(embedder) });
}
