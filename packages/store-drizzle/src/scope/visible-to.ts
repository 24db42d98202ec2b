import type { MemoryScope } from '@symfonic/core';
import { and, arrayContains, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * The keys a row of `table` is found by: its ancestor keys (its own among
 * them), and its own key again marked `=` (`ancestor_keys || array['=' ||
 * scope_key]`). The full-text index of `memories` (`memories_scoped_search`)
 * is built on this very expression beside `search`.
 */
export function placementKeys(table: ScopedColumns): SQL {
  return sql`(${table.ancestorKeys} || array['=' || ${table.scopeKey}])`;
}

/**
 * {@link visibleTo} as one overlap test on {@link placementKeys}: the row is
 * at or below the scope (the scope's key among its ancestor keys) or at one
 * of the scope's ancestors (its own key, marked `=`, among theirs). Beside a
 * word, `memories_scoped_search` serves both in one index scan, which
 * intersects the scope's entries with the word's: the word's holders
 * elsewhere in the tenant are never read.
 */
export function visibleByKeys(table: ScopedColumns, scope: MemoryScope): SQL {
  const placement = scopePlacement(scope);
  const keys = [placement.scopeKey, ...placement.ancestorKeys.slice(0, -1).map((key) => `=${key}`)];
  return and(
    eq(table.tenant, placement.tenant),
    sql`${placementKeys(table)} && ${sql.param(keys)}::text[]`,
  ) as SQL;
}
