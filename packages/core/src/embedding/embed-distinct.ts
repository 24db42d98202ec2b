import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { checkEmbeddingBatch } from './check-embedding-batch.js';

/** The embedder a batch is embedded for: its name and the length of its vectors. */
export interface DistinctEmbedder {
  readonly model: string;
  readonly dimensions: number;
}

/**
 * Embed `texts` by sending each distinct text once to `embedBatch`, then
 * answer one vector per input text, in order (a repeated text gets its own
 * copy of the vector, so changing one never changes another).
 *
 * @returns `[]` for no texts, without calling `embedBatch`.
 * @throws InvalidMemoryInput when `texts` is not an array of strings.
 * @throws MemoryUnavailable when `embedBatch` answers anything but one finite
 * vector of `embedder.dimensions` per distinct text (see
 * {@link checkEmbeddingBatch}; never a partial batch); whatever `embedBatch`
 * throws is passed on unchanged.
 */
export async function embedDistinct(
  texts: readonly string[],
  embedder: DistinctEmbedder,
  embedBatch: (distinct: string[]) => Promise<readonly Float32Array[]>,
): Promise<Float32Array[]> {
  if (!Array.isArray(texts) || texts.some((text) => typeof text !== 'string')) {
    throw new InvalidMemoryInput('invalid texts to embed: expected an array of strings');
  }
  if (texts.length === 0) return [];
  const distinct = [...new Set(texts)];
  const vectors = checkEmbeddingBatch(await embedBatch(distinct), {
    model: embedder.model,
    count: distinct.length,
    dimensions: embedder.dimensions,
  });
  const byText = new Map(distinct.map((text, index) => [text, vectors[index] as Float32Array]));
  const handedOut = new Set<Float32Array>();
  return texts.map((text) => {
    const vector = byText.get(text) as Float32Array;
    if (handedOut.has(vector)) return vector.slice();
    handedOut.add(vector);
    return vector;
  });
}
