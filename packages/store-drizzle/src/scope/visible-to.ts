import type { MemoryScope } from '@symfonic/core';
import { and, arrayContains, eq, inArray, or, type SQL } from 'drizzle-orm';
import { scopePlacement } from './scope-placement.js';
import type { ScopedColumns } from './scoped-columns.js';

/**
 * The SQL predicate "a row of `table` is visible to `scope`": the same
 * tenant, and either the row sits at the scope or one of its ancestors (its
 * key is one of the scope's ancestor keys) or below the scope (the scope's
 * key is among the row's ancestor keys). Both halves are equality or
 * containment on indexed columns, so isolation is decided inside the
 * database, never by a filter after the fact, and `user:1` never matches
 * `user:10`.
 */
export function visibleTo(table: ScopedColumns, scope: MemoryScope): SQL {
  const placement = scopePlacement(scope);
  return and(
    eq(table.tenant, placement.tenant),
    or(
      inArray(table.scopeKey, placement.ancestorKeys),
      arrayContains(table.ancestorKeys, [placement.scopeKey]),
    ),
  ) as SQL;
}
