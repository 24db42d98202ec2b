import { ScopeViolation } from './errors/scope-violation.js';
import type { MemoryScope } from './memory-scope.js';
import { isVisible } from './scope.js';
import { scopeText } from './scope-text.js';

/**
 * Check every record a store or port answered against the asking scope with
 * {@link isVisible}: a leaking backend must be found, not filtered. The one
 * place a foreign row becomes a `ScopeViolation`, so the message has one shape
 * whoever finds the row.
 *
 * @throws ScopeViolation for the first record `scope` cannot see.
 */
export function requireVisible(
  records: readonly { readonly id: string; readonly scope: MemoryScope }[],
  scope: MemoryScope,
): void {
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
