import type { MemoryScope } from '@symfonic/core';

/**
 * A scope's path below its tenant as a string whose prefixes are its
 * ancestors': every segment followed by `/` (`user:1/conversation:7/`, `''`
 * for the tenant root). Segments never
 * contain `/`, so one path is a segment-wise prefix of another exactly when
 * its key is a string prefix of the other's: `user:1/` is not a prefix of
 * `user:10/`.
 */
export function scopePathPrefix(scope: MemoryScope): string {
  let key = '';
  for (const segment of scope.path) key += `${segment}/`;
  return key;
}

/** Whether a record at `recordKey` is visible to a query at `queryKey` (same tenant assumed): one is a prefix of the other. */
export function isPrefixVisible(recordKey: string, queryKey: string): boolean {
  return recordKey.length <= queryKey.length
    ? queryKey.startsWith(recordKey)
    : recordKey.startsWith(queryKey);
}
