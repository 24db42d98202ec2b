import type { MemoryScope } from '@symfonic/core';
import { and, arrayContains, eq, type SQL } from 'drizzle-orm';
import { scopePlacement } from './scope-placement.js';
import type { ScopedColumns } from './scoped-columns.js';

/** The SQL predicate "a row of `table` is at `scope` or below it": the subtree `forget` erases. */
export function withinScope(table: ScopedColumns, scope: MemoryScope): SQL {
  const placement = scopePlacement(scope);
  return and(
    eq(table.tenant, placement.tenant),
    arrayContains(table.ancestorKeys, [placement.scopeKey]),
  ) as SQL;
}
