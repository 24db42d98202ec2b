import type { MemoryScope } from './memory-scope.js';

/** The `tenant/segment/…` form of a scope, without validating it (it names a row that leaked). */
export function scopeText(scope: MemoryScope): string {
  return [scope.tenant, ...scope.path].join('/');
}
