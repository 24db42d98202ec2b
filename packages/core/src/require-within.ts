import { ScopeViolation } from './errors/scope-violation.js';
import type { MemoryScope } from './memory-scope.js';
import { isWithin } from './scope.js';
import { scopeText } from './scope-text.js';

/**
 * Check every row a store answered for, or was handed to write into, the
 * subtree of `scope` (the scope and everything below it, see
 * {@link isWithin}): what `scopes` and `turns` answer, and what `restore`
 * writes. A row outside it is a `ScopeViolation`, never filtered.
 *
 * @throws ScopeViolation for the first row outside the subtree.
 */
export function requireWithin(
  rows: readonly { readonly id: string; readonly scope: MemoryScope }[],
  scope: MemoryScope,
): void {
  for (const row of rows) {
    if (!isWithin(row.scope, scope)) {
      throw new ScopeViolation({
        rowId: row.id,
        rowScope: scopeText(row.scope),
        queryScope: scopeText(scope),
      });
    }
  }
}
