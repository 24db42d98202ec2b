import { createHash } from 'node:crypto';
import type { MemoryScope } from '@symfonic/core';

/**
 * A scope's key: the SHA-256 (hex) of the JSON array `[tenant, ...path]`.
 * JSON is injective on arrays of strings, so two scopes share a key only when
 * they are the same scope, whatever characters their segments hold; the
 * digest keeps every key 64 characters long, so a scope at the deepest,
 * longest limits still fits a B-tree and a GIN entry. Keys are only ever
 * compared for equality, never as prefixes.
 */
export function scopeKey(scope: MemoryScope): string {
  return createHash('sha256')
    .update(JSON.stringify([scope.tenant, ...scope.path]))
    .digest('hex');
}
