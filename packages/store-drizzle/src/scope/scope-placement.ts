import type { MemoryScope } from '@symfonic/core';
import { scopeKey } from './scope-key.js';

/** The columns that place a row at one scope (see `scopeColumns`). */
export interface ScopePlacement {
  readonly tenant: string;
  /** The key of the scope. */
  readonly scopeKey: string;
  /** The keys of the scope's ancestors, root first, ending with the scope's own key. */
  readonly ancestorKeys: string[];
}

/** Where a row written at `scope` is placed: its tenant, its key and its ancestors' keys. */
export function scopePlacement(scope: MemoryScope): ScopePlacement {
  const ancestorKeys: string[] = [];
  for (let depth = 0; depth <= scope.path.length; depth += 1) {
    ancestorKeys.push(scopeKey({ tenant: scope.tenant, path: scope.path.slice(0, depth) }));
  }
  return { tenant: scope.tenant, scopeKey: ancestorKeys.at(-1) ?? '', ancestorKeys };
}
