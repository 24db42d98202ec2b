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

/**
 * {@link visibleTo} as disjoint parts, whose rows together are exactly the
 * visible ones, each once: the rows at the scope or below it (the scope's
 * key among the row's ancestor keys, which the GIN index of `ancestor_keys`
 * and `search` serves together with a word), then, when the scope has
 * ancestors, the rows at one of them (their key among the scope's strict
 * ancestors, a B-tree lookup). A statement reading each part apart (`union
 * all`) lets the planner serve the first from one index scan for a word and
 * a scope, where the two halves joined by `or` made it read every holder of
 * the word in the tenant before keeping the scope's.
 */
export function visibleParts(table: ScopedColumns, scope: MemoryScope): SQL[] {
  const placement = scopePlacement(scope);
  const tenant = eq(table.tenant, placement.tenant);
  const ancestors = placement.ancestorKeys.slice(0, -1);
  return [
    and(tenant, arrayContains(table.ancestorKeys, [placement.scopeKey])) as SQL,
    ...(ancestors.length > 0 ? [and(tenant, inArray(table.scopeKey, ancestors)) as SQL] : []),
  ];
}
