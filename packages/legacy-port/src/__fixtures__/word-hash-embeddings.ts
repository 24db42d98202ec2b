import { Embeddings } from '@langchain/core/embeddings';

/** The length of every vector {@link WordHashEmbeddings} makes. */
const dimensions = 64;

/**
 * A deterministic LangChain embeddings model for tests: each lower-cased
 * word is hashed (FNV-1a) into one of 64 buckets, and the counts are
 * normalised to unit length. Texts sharing words are close; no network.
 */
export class WordHashEmbeddings extends Embeddings {
  constructor() {
    super({ maxRetries: 0 });
  }

  async embedDocuments(documents: string[]): Promise<number[][]> {
    return documents.map(embed);
  }

  async embedQuery(document: string): Promise<number[]> {
    return embed(document);
  }
}

function embed(text: string): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0x811c9dc5;
    for (const character of word) {
      hash ^= character.codePointAt(0) ?? 0;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + 1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}
