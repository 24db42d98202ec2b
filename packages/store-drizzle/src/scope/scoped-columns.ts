import type { PgColumn } from 'drizzle-orm/pg-core';

/** The scope columns of a table, as `scopeColumns` declares them. */
export interface ScopedColumns {
  readonly tenant: PgColumn;
  readonly scopeKey: PgColumn;
  readonly ancestorKeys: PgColumn;
}
