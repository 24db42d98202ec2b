import type { MemoryLayer, MemoryPage, MemoryScope } from '@symfonic/core';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memories } from '../schema/memories.js';
import { visibleTo } from '../scope/visible-to.js';
import { listCursor } from './list-cursor.js';
import { memoryColumns } from './memory-columns.js';
import { memoryRecordOf } from './memory-record-of.js';

/** One page asked of {@link selectMemoryPage}, its options validated. */
export interface MemoryPageRequest {
  readonly layer?: MemoryLayer;
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string;
  /** 1 to `Limits.queryLimit`. */
  readonly limit: number;
}

/**
 * Live memories visible to `scope`, oldest first (by `memories.sequence`),
 * `limit` per page; none of the `working` layer, which is never stored.
 *
 * @throws InvalidMemoryInput for a cursor this store did not issue.
 * @throws whatever the driver throws; the caller translates it.
 */
export async function selectMemoryPage(
  database: StoreDatabase,
  scope: MemoryScope,
  request: MemoryPageRequest,
): Promise<MemoryPage> {
  const sequenceAfter =
    request.cursor === undefined ? undefined : listCursor.decode(request.cursor);
  if (request.layer === 'working') return { records: [] };
  const { limit } = request;
  const rows = await database
    .select({ ...memoryColumns, sequence: memories.sequence })
    .from(memories)
    .where(
      and(
        visibleTo(memories, scope),
        request.layer ? eq(memories.layer, request.layer) : undefined,
        sequenceAfter === undefined ? undefined : gt(memories.sequence, sequenceAfter),
      ),
    )
    .orderBy(asc(memories.sequence))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const records = page.map(({ sequence: _sequence, ...row }) => memoryRecordOf(row));
  const last = page.at(-1);
  return rows.length > limit && last
    ? { records, nextCursor: listCursor.encode(last.sequence) }
    : { records };
}
