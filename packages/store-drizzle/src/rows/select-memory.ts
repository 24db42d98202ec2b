import type { MemoryRecord, MemoryScope } from '@symfonic/core';
import { and, eq } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memories } from '../schema/memories.js';
import { visibleTo } from '../scope/visible-to.js';
import { memoryColumns } from './memory-columns.js';
import { memoryRecordOf } from './memory-record-of.js';

/**
 * The live memory `id` if it is visible to `scope`; `undefined` for an
 * unknown, deleted or foreign id alike.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function selectMemory(
  database: StoreDatabase,
  scope: MemoryScope,
  id: string,
): Promise<MemoryRecord | undefined> {
  const [row] = await database
    .select(memoryColumns)
    .from(memories)
    .where(and(eq(memories.id, id), visibleTo(memories, scope)));
  return row ? memoryRecordOf(row) : undefined;
}
