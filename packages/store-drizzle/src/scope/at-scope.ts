import type { MemoryScope } from '@symfonic/core';
import { and, eq, type SQL } from 'drizzle-orm';
import { scopePlacement } from './scope-placement.js';
import type { ScopedColumns } from './scoped-columns.js';

/** The SQL predicate "a row of `table` is at exactly `scope`" (the conversation log reads this way). */
export function atScope(table: ScopedColumns, scope: MemoryScope): SQL {
  const placement = scopePlacement(scope);
  return and(eq(table.tenant, placement.tenant), eq(table.scopeKey, placement.scopeKey)) as SQL;
}
