import { createHash } from 'node:crypto';
import { normalizeMemoryText } from '@symfonic/core';

/**
 * The deduplication key of a memory text: the SHA-256 (hex) of core's
 * `normalizeMemoryText`. Two texts that normalise alike get the same key, and
 * the unique index `memories_dedup` holds one live memory per key, scope and
 * layer. A digest keeps the index entry small whatever the text's length.
 */
export function memoryTextHash(text: string): string {
  return createHash('sha256').update(normalizeMemoryText(text)).digest('hex');
}
