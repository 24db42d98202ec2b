import type { MemoryScope } from '@symfonic/core';
import { and, arrayContains, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { type MemoryRow, memoryColumns } from '../rows/memory-columns.js';
import { memories } from '../schema/memories.js';
import { scopePlacement } from '../scope/scope-placement.js';

/**
 * The live semantic memories visible to `scope` with salience at least
 * `minSalience`, most recently updated first (ties by id), at most `limit`:
 * one statement whose two halves are partial indexes of the semantic
 * memories at or above `salientIndexFloor`, `memories_salient` for the scope
 * and its ancestors and `memories_salient_below` for the scopes below, so it
 * reads the salient memories the scope can see and no other row.
 * `minSalience` (validated, 0 to 1) is written as a literal so that the
 * planner can prove it implies the indexes' predicate (below the floor it
 * cannot, and the general indexes serve). The salient rows are read whole,
 * then sorted: one plain statement rather than a union of index-ordered
 * branches, whose planning on PGlite costs more than sorting the few salient rows.
 */
export async function selectPinned(
  database: StoreDatabase,
  scope: MemoryScope,
  minSalience: number,
  limit: number,
): Promise<MemoryRow[]> {
  return (await pinnedQuery(database, scope, minSalience, limit)) as MemoryRow[];
}

/** The statement of {@link selectPinned}, unrun (its plan is tested). */
export function pinnedQuery(
  database: StoreDatabase,
  scope: MemoryScope,
  minSalience: number,
  limit: number,
) {
  const placement = scopePlacement(scope);
  const salient = database
    .select(memoryColumns)
    .from(memories)
    .where(
      and(
        eq(memories.tenant, placement.tenant),
        sql`${memories.layer} = 'semantic' and ${memories.salience} >= ${sql.raw(String(minSalience))}`,
        or(
          inArray(memories.scopeKey, placement.ancestorKeys),
          and(
            arrayContains(memories.ancestorKeys, [placement.scopeKey]),
            ne(memories.scopeKey, placement.scopeKey),
          ),
        ),
      ),
    )
    // OFFSET 0 keeps the subquery whole: ordered by update, the planner would
    // rather walk the tenant's memories newest first (`memories_recent`)
    // until enough match, a scan of the tenant when salient memories are rare.
    // (drizzle leaves out an offset of the number 0, so it is written as SQL.)
    .offset(sql`0` as unknown as number)
    .as('salient');
  return database
    .select()
    .from(salient)
    .orderBy(desc(salient.updatedAt), asc(salient.id))
    .limit(limit);
}
