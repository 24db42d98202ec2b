import { type EmbeddingProvider, MemoryUnavailable } from '@symfonic/core';

/**
 * How a {@link FlakyEmbedder} fails a batch holding a poisoned text:
 * - `throw`: the honest failure, `MemoryUnavailable` for the whole batch;
 * - `omit`: answers one vector fewer (the poisoned text's is missing);
 * - `nan`: answers a vector of NaN for the poisoned text;
 * - `short`: answers a vector one dimension short for the poisoned text.
 */
export type EmbedderFault = 'throw' | 'omit' | 'nan' | 'short';

/** An embedder that fails on part of a batch while a fault is set. */
export interface FlakyEmbedder extends EmbeddingProvider {
  /** The fault applied to batches holding a poisoned text; `undefined` for none. */
  fault: EmbedderFault | undefined;
  /** How many batches were failed so far. */
  readonly faults: number;
}

/** The substring that marks a text as poisoned. */
export const poisonMarker = 'poisoned';

/**
 * Wrap `base` so that, while `fault` is set, every batch holding a text that
 * contains {@link poisonMarker} fails in that way; other batches (and every
 * batch while `fault` is `undefined`) go to `base` unchanged.
 */
export function createFlakyEmbedder(base: EmbeddingProvider): FlakyEmbedder {
  let faults = 0;
  const flaky: FlakyEmbedder = {
    model: base.model,
    dimensions: base.dimensions,
    fault: undefined,
    get faults() {
      return faults;
    },
    async embed(texts) {
      const fault = flaky.fault;
      const poisoned = texts.findIndex((text) => text.includes(poisonMarker));
      if (fault === undefined || poisoned < 0) return base.embed(texts);
      faults += 1;
      if (fault === 'throw') {
        throw new MemoryUnavailable('the embedder failed on part of the batch (injected)');
      }
      const vectors = await base.embed(texts);
      if (fault === 'omit') return vectors.filter((_, index) => index !== poisoned);
      return vectors.map((vector, index) => {
        if (index !== poisoned) return vector;
        return fault === 'nan'
          ? new Float32Array(vector.length).fill(Number.NaN)
          : vector.slice(0, vector.length - 1);
      });
    },
  };
  return flaky;
}
