import { type MemoryLayer, normalizeMemoryText } from '@symfonic/core';

/**
 * The key two memories share when one would duplicate the other: the same
 * scope (by {@link scopePathPrefix}), the same layer, and the same text once
 * normalised by core's `normalizeMemoryText`.
 */
export function dedupeKey(key: string, layer: MemoryLayer, text: string): string {
  return `${key}\u0000${layer}\u0000${normalizeMemoryText(text)}`;
}
