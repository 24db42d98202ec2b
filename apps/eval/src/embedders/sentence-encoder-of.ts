import type { EmbeddingProvider } from '@symfonic/core';
import { createSentenceEncoder } from '@symfonic/memory/sentence-encoder';

let loading: Promise<EmbeddingProvider> | undefined;

/**
 * `createSentenceEncoder()` of `@symfonic/memory/sentence-encoder`, loaded
 * once per process, each distinct text embedded once per process: every
 * system of a run writes and asks the same texts, and the encoder takes tens
 * of milliseconds a text, so only the first system that uses it pays for
 * embedding them (its ingest and question latency are the encoder's cost;
 * later systems' are the store's and `hydrate`'s). The vectors are the
 * encoder's own: it gives a text the same vector whatever its batch.
 *
 * @throws SentenceEncoderUnavailable when its packages are missing.
 */
export function sentenceEncoder(): Promise<EmbeddingProvider> {
  loading ??= createSentenceEncoder().then((encoder) => {
    const known = new Map<string, Float32Array>();
    return {
      model: encoder.model,
      dimensions: encoder.dimensions,
      ...(encoder.fusionMargin === undefined ? {} : { fusionMargin: encoder.fusionMargin }),
      embed: async (texts) => {
        const missing = [...new Set(texts)].filter((text) => !known.has(text));
        if (missing.length > 0) {
          const vectors = await encoder.embed(missing);
          for (const [index, text] of missing.entries()) {
            known.set(text, vectors[index] as Float32Array);
          }
        }
        return texts.map((text) => (known.get(text) as Float32Array).slice());
      },
    };
  });
  return loading;
}
