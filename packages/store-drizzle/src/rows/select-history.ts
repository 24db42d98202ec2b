import type { MemoryScope, MemoryVersion } from '@symfonic/core';
import { and, asc, eq } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { visibleTo } from '../scope/visible-to.js';
import { memoryVersionOf } from './memory-version-of.js';

/**
 * Every version of memory `id`, oldest first, if it is visible to `scope`
 * (a deleted memory's history included, ending with its tombstone); `[]`
 * for an unknown or foreign id.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function selectHistory(
  database: StoreDatabase,
  scope: MemoryScope,
  id: string,
): Promise<MemoryVersion[]> {
  const rows = await database
    .select()
    .from(memoryVersions)
    .where(and(eq(memoryVersions.memoryId, id), visibleTo(memoryVersions, scope)))
    .orderBy(asc(memoryVersions.version));
  return rows.map(memoryVersionOf);
}
