import type { MemoryScope } from '@symfonic/core';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { atScope } from '../scope/at-scope.js';
import { withinScope } from '../scope/within-scope.js';

/**
 * The ids of the memories deleted at exactly `scope` after `cursor` (an id),
 * by id, at most `count`: the tombstones of `memory_versions` at the scope,
 * found through its ancestor-key index.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function selectDeletedIds(
  database: StoreDatabase,
  scope: MemoryScope,
  cursor: string | undefined,
  count: number,
): Promise<string[]> {
  const rows = await database
    .select({ memoryId: memoryVersions.memoryId })
    .from(memoryVersions)
    .where(
      and(
        withinScope(memoryVersions, scope),
        atScope(memoryVersions, scope),
        eq(memoryVersions.change, 'deleted'),
        cursor === undefined ? undefined : gt(memoryVersions.memoryId, cursor),
      ),
    )
    .orderBy(asc(memoryVersions.memoryId))
    .limit(count);
  return rows.map(({ memoryId }) => memoryId);
}
