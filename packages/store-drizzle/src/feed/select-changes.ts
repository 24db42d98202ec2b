import type { ChangePosition, MemoryChange, MemoryScope } from '@symfonic/core';
import { and, asc, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memoryVersionOf } from '../rows/memory-version-of.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { visibleTo } from '../scope/visible-to.js';
import { rowScope } from './row-scope.js';

/** The feed order's memory id: compared under the `"C"` collation, code point by code point, as core's `compareChanges`. */
const memoryIdInOrder = sql`${memoryVersions.memoryId} collate "C"`;

/**
 * At most `limit` versions visible to `scope` after `after` (from the
 * start without it), in the feed order (time, memory id, version), read
 * through `memory_versions_feed`.
 */
export async function selectChanges(
  database: StoreDatabase,
  scope: MemoryScope,
  after: ChangePosition | undefined,
  limit: number,
): Promise<MemoryChange[]> {
  const rows = await database
    .select()
    .from(memoryVersions)
    .where(
      and(
        visibleTo(memoryVersions, scope),
        after === undefined
          ? undefined
          : sql`(${memoryVersions.at}, ${memoryIdInOrder}, ${memoryVersions.version}) > (${after.at.toISOString()}::timestamptz, ${after.memoryId}::text collate "C", ${after.version}::integer)`,
      ),
    )
    .orderBy(asc(memoryVersions.at), asc(memoryIdInOrder), asc(memoryVersions.version))
    .limit(limit);
  return rows.map((row) => ({ ...memoryVersionOf(row), scope: rowScope(row, scope) }));
}
