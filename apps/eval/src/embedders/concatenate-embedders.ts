import type { EmbeddingProvider } from '@symfonic/core';

/** One part of a {@link concatenateEmbedders} vector. */
export interface EmbedderPart {
  readonly embedder: EmbeddingProvider;
  /** The share of the cosine this part contributes (the parts' shares are scaled to sum to 1). */
  readonly share: number;
}

/**
 * An embedder whose vector is its parts' unit vectors side by side, each
 * scaled by the square root of its share: the cosine of two such vectors is
 * the share-weighted sum of the parts' cosines. So character n-grams (shared
 * word pieces) and word vectors (related words) can vote together in one
 * vector ranking, without a second index.
 *
 * @returns the combined provider; `embed` throws whatever a part throws.
 * @throws RangeError when there is no part or a share is not positive.
 */
export function concatenateEmbedders(parts: readonly EmbedderPart[]): EmbeddingProvider {
  if (parts.length === 0 || parts.some((part) => !(part.share > 0))) {
    throw new RangeError('concatenateEmbedders needs parts with positive shares');
  }
  const total = parts.reduce((sum, part) => sum + part.share, 0);
  const dimensions = parts.reduce((sum, part) => sum + part.embedder.dimensions, 0);
  return {
    model: parts
      .map((part) => `${part.embedder.model}*${(part.share / total).toFixed(2)}`)
      .join('+'),
    dimensions,
    embed: async (texts) => {
      const embedded = await Promise.all(parts.map((part) => part.embedder.embed(texts)));
      return texts.map((_text, textIndex) => {
        const vector = new Float32Array(dimensions);
        let offset = 0;
        parts.forEach((part, partIndex) => {
          const piece = embedded[partIndex]?.[textIndex] as Float32Array;
          let squares = 0;
          for (const value of piece) squares += value * value;
          const scale = squares > 0 ? Math.sqrt(part.share / total / squares) : 0;
          for (let index = 0; index < piece.length; index += 1) {
            vector[offset + index] = (piece[index] as number) * scale;
          }
          offset += part.embedder.dimensions;
        });
        return vector;
      });
    },
  };
}
