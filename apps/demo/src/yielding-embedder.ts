import { setImmediate } from 'node:timers/promises';
import type { EmbeddingProvider } from '@symfonic/core';

/**
 * `embedder`, whose `embed` first lets the event loop take one turn. Embedded
 * PGlite answers its queries without ever leaving the microtask queue, so a
 * long run of store calls (a backfill of thousands of memories) would never
 * let Node handle a Ctrl-C or a timer until it ended; with this, each batch
 * gives them a turn before it is embedded, and an abort they cause is seen
 * before the batch is written. The model, dimensions and vectors are the
 * embedder's own.
 */
export function yieldingEmbedder(embedder: EmbeddingProvider): EmbeddingProvider {
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    embed: async (texts) => {
      await setImmediate();
      return embedder.embed(texts);
    },
  };
}
