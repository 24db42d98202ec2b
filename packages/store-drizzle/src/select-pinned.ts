import type { MemoryScope } from '@symfonic/core';
import { and, arrayContains, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { type MemoryRow, memoryColumns } from './memory-columns.js';
import { memories } from './schema/memories.js';
import { scopePlacement } from './scope-placement.js';
import type { StoreDatabase } from './store-database.js';

/**
 * The live semantic memories visible to `scope` with salience at least
 * `minSalience`, most recently updated first (ties by id), at most `limit`,
 * in one statement of two halves:
 *
 * - at the scope and its ancestors: `memories_salient` (tenant, scope key,
 *   salience), a range read per ancestor key;
 * - below the scope: `memories_salient_below`, the ancestor keys of the
 *   semantic memories at or above `salientIndexFloor` (for a lower
 *   `minSalience`, the subtree's ancestor-key index).
 *
 * `minSalience` (validated, 0 to 1) is written as a literal so that the
 * planner can prove it implies the partial indexes' predicate.
 */
export async function selectPinned(
  database: StoreDatabase,
  scope: MemoryScope,
  minSalience: number,
  limit: number,
): Promise<MemoryRow[]> {
  const placement = scopePlacement(scope);
  const salient: SQL = sql`${memories.layer} = 'semantic' and ${memories.salience} >= ${sql.raw(String(minSalience))}`;
  const half = (where: SQL | undefined) =>
    database
      .select(memoryColumns)
      .from(memories)
      .where(and(eq(memories.tenant, placement.tenant), where, salient))
      .orderBy(desc(memories.updatedAt), asc(memories.id))
      .limit(limit);
  const rows = await unionAll(
    half(inArray(memories.scopeKey, placement.ancestorKeys)),
    half(
      and(
        arrayContains(memories.ancestorKeys, [placement.scopeKey]),
        ne(memories.scopeKey, placement.scopeKey),
      ),
    ),
  )
    .orderBy(desc(sql`updated_at`), asc(sql`id`))
    .limit(limit);
  return rows as MemoryRow[];
}
