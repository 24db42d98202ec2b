import {
  type EmbeddingProvider,
  embedDistinct,
  featureHash,
  InvalidMemoryInput,
} from '@symfonic/core';

/** The default length of a local embedder's vectors. */
export const localEmbedderDimensions = 384;

/**
 * The local embedder's `fusionMargin`: its vector list votes whole only when
 * its first and tenth cosines are 4 apart, which no cosines are, so it
 * weighs at most half and usually a tenth or less. Its cosines count shared
 * words and word pieces, which full text already finds, and spread wide
 * whether or not the list found what was meant; at core's default margin,
 * hybrid with it ranked below full text alone on imported conversations (the
 * figures and the margins tried are in the decision record on the fusion
 * margin per embedder, `docs/decisions`).
 */
export const localEmbedderFusionMargin = 4;

/** Options of {@link createLocalEmbedder}. */
export interface LocalEmbedderOptions {
  /** Vector length, an integer from 16 to 4096; default {@link localEmbedderDimensions}. */
  readonly dimensions?: number;
}

const word = /[\p{L}\p{N}]+/gu;
const wordWeight = 1;
const trigramWeight = 0.5;

function add(vector: Float32Array, feature: string, weight: number): void {
  const hashed = featureHash(feature);
  // The top bit picks the sign, so collisions cancel out on average instead of piling up.
  const sign = hashed & 0x80000000 ? -1 : 1;
  const index = (hashed & 0x7fffffff) % vector.length;
  vector[index] = (vector[index] as number) + sign * weight;
}

function embedOne(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  const words = text.normalize('NFKC').toLowerCase().match(word) ?? [];
  for (const token of words) {
    add(vector, `w:${token}`, wordWeight);
    const padded = ` ${token} `;
    for (let start = 0; start + 3 <= padded.length; start += 1) {
      add(vector, `c:${padded.slice(start, start + 3)}`, trigramWeight);
    }
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let index = 0; index < dimensions; index += 1) {
      vector[index] = (vector[index] as number) * scale;
    }
  }
  return vector;
}

/**
 * A deterministic embedder that needs no network and no model download: the
 * text is NFKC-normalised and lower-cased, split into words (runs of letters
 * and digits), and each word and each character trigram of the word (padded
 * with a space on both sides, so prefixes and suffixes count) is hashed into
 * one of `dimensions` signed buckets (word weight 1, trigram weight 0.5); the
 * vector is then L2-normalised. Shared words and shared word pieces
 * ("allergic" / "allergy") make vectors similar; it knows no synonyms.
 *
 * `model` is `symfonic-local-ngram-v1-<dimensions>`, and `fusionMargin`
 * {@link localEmbedderFusionMargin}: in a hybrid ranking its vector list
 * breaks full text's near-ties rather than reordering it. A text with no letters or
 * digits embeds to the zero vector. The same text always gives the same
 * vector, on every machine. `embed` never reaches the network, and identical
 * texts within one call are embedded once.
 *
 * @throws InvalidMemoryInput when `dimensions` is out of range; `embed`
 * throws it when given anything but an array of strings.
 */
export function createLocalEmbedder(options: LocalEmbedderOptions = {}): EmbeddingProvider {
  const dimensions = options.dimensions ?? localEmbedderDimensions;
  if (!Number.isInteger(dimensions) || dimensions < 16 || dimensions > 4096) {
    throw new InvalidMemoryInput(
      'invalid local embedder: dimensions must be an integer from 16 to 4096',
    );
  }
  const identity = { model: `symfonic-local-ngram-v1-${dimensions}`, dimensions };
  return {
    ...identity,
    fusionMargin: localEmbedderFusionMargin,
    embed: (texts) =>
      embedDistinct(texts, identity, async (distinct) =>
        distinct.map((text) => embedOne(text, dimensions)),
      ),
  };
}
