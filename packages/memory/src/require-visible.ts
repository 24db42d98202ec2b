import { isVisible, type MemoryRecord, type MemoryScope, ScopeViolation } from '@symfonic/core';

/** The `tenant/segment/…` form of a scope, without validating it (it names a row that leaked). */
function scopeText(scope: MemoryScope): string {
  return [scope.tenant, ...scope.path].join('/');
}

/**
 * Check every record a port answered against the asking scope with core's
 * `isVisible`: a leaking backend must be found, not filtered.
 *
 * @throws ScopeViolation for the first record `scope` cannot see.
 */
export function requireVisible(records: readonly MemoryRecord[], scope: MemoryScope): void {
  for (const record of records) {
    if (!isVisible(record.scope, scope)) {
      throw new ScopeViolation({
        rowId: record.id,
        rowScope: scopeText(record.scope),
        queryScope: scopeText(scope),
      });
    }
  }
}
