import type { MemoryScope } from '@symfonic/core';
import { and, arrayContains, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { type MemoryRow, memoryColumns } from './memory-columns.js';
import { memories } from './schema/memories.js';
import { scopePlacement } from './scope-placement.js';
import type { StoreDatabase } from './store-database.js';

/**
 * The live semantic memories visible to `scope` with salience at least
 * `minSalience`, most recently updated first (ties by id), at most `limit`,
 * in one statement: one branch per key of the scope and its ancestors, each
 * reading at most `limit` rows in order from `memories_salient` (tenant,
 * scope key, updated_at desc, id), and one for the scopes below, through
 * `memories_salient_below`; the branches are merged and cut to `limit`.
 * Both indexes hold the semantic memories at or above `salientIndexFloor`;
 * `minSalience` (validated, 0 to 1) is written as a literal so that the
 * planner can prove it implies their predicate (below the floor it cannot,
 * and the general indexes serve).
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
  const branch = (where: SQL | undefined) =>
    database
      .select(memoryColumns)
      .from(memories)
      .where(
        and(
          eq(memories.tenant, placement.tenant),
          where,
          sql`${memories.layer} = 'semantic' and ${memories.salience} >= ${sql.raw(String(minSalience))}`,
        ),
      )
      .orderBy(desc(memories.updatedAt), asc(memories.id))
      .limit(limit);
  const [own, ...ancestors] = [...placement.ancestorKeys]
    .reverse()
    .map((key) => branch(eq(memories.scopeKey, key)));
  const below = branch(
    and(
      arrayContains(memories.ancestorKeys, [placement.scopeKey]),
      ne(memories.scopeKey, placement.scopeKey),
    ),
  );
  if (!own) throw new TypeError('a scope always has its own key');
  return unionAll(own, below, ...ancestors)
    .orderBy(desc(sql`updated_at`), asc(sql`id`))
    .limit(limit);
}
