import { MemoryUnavailable } from '../errors/memory-unavailable.js';
import type { EmbeddingProvider } from '../ports/embedding-provider.js';
import { checkEmbeddingBatch } from './check-embedding-batch.js';

/**
 * The vectors of distinct `texts`, by text, each checked by
 * {@link checkEmbeddingBatch} (one finite vector of the model's length per
 * text); an empty map, without calling the embedder, for no texts.
 *
 * @throws MemoryUnavailable when the embedder fails (its own
 * `MemoryUnavailable` passed on, any other failure kept as the cause) or
 * answers an unusable batch; nothing of such a batch is answered.
 */
export async function embedTexts(
  embedder: EmbeddingProvider,
  texts: readonly string[],
): Promise<Map<string, Float32Array>> {
  const distinct = [...new Set(texts)];
  const byText = new Map<string, Float32Array>();
  if (distinct.length === 0) return byText;
  let answered: Float32Array[];
  try {
    answered = await embedder.embed(distinct);
  } catch (error) {
    if (MemoryUnavailable.isInstance(error)) throw error;
    throw new MemoryUnavailable(`the embedder "${embedder.model}" failed`, { cause: error });
  }
  const vectors = checkEmbeddingBatch(answered, {
    model: embedder.model,
    count: distinct.length,
    dimensions: embedder.dimensions,
  });
  distinct.forEach((text, position) => {
    byText.set(text, vectors[position] as Float32Array);
  });
  return byText;
}
