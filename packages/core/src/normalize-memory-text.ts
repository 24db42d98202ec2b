/**
 * The key under which two memory texts count as the same memory: Unicode
 * compatibility-normalised (NFKC), lower-cased, whitespace runs collapsed to
 * one space, trimmed. Every store deduplicates on this key within one scope and
 * layer, so `"Likes  tea"` and `"likes tea"` are one memory.
 */
export function normalizeMemoryText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}
