import type { MemoryScope } from '@symfonic/core';
import { type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import type { MemoryRow } from '../rows/memory-columns.js';
import { resultRows } from '../rows/result-rows.js';
import { scopePlacement } from '../scope/scope-placement.js';

/** A row of `symfonic.pinned_memories` as a driver answers it: a {@link MemoryRow}, its timestamps as text. */
type PinnedRow = Omit<MemoryRow, 'createdAt' | 'updatedAt'> & {
  readonly createdAt: string | Date;
  readonly updatedAt: string | Date;
};

/**
 * The live semantic memories visible to `scope` with salience at least
 * `minSalience`, most recently updated first (ties by id), at most `limit`:
 * one call of the database function `symfonic.pinned_memories` (migration
 * 0005), whose statements are planned once per connection. At or above
 * `salientIndexFloor` it reads, for the scope and each ancestor, the newest
 * `limit` salient memories in the order of the partial index
 * `memories_salient`, and the salient memories of the scopes strictly below
 * from `memories_salient_below`: a few rows, however many salient memories the
 * scope holds. Below the floor it reads the visible scopes through the
 * general indexes.
 *
 * @throws whatever the driver throws; the caller translates it.
 * @throws TypeError when the driver answered a row without its columns.
 */
export async function selectPinned(
  database: StoreDatabase,
  scope: MemoryScope,
  minSalience: number,
  limit: number,
): Promise<MemoryRow[]> {
  const rows = resultRows<PinnedRow>(
    await database.execute(pinnedQuery(scope, minSalience, limit)),
  );
  return rows.map(memoryRowOf);
}

/** The statement of {@link selectPinned}, unrun (what it reads is tested). */
export function pinnedQuery(scope: MemoryScope, minSalience: number, limit: number): SQL {
  const placement = scopePlacement(scope);
  const visibleKeys = sql.join(
    placement.ancestorKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  return sql`select id, tenant, path, layer, text, salience, metadata, writer,
      turn_id as "turnId", reply_family as "replyFamily", version,
      created_at as "createdAt", updated_at as "updatedAt", context
    from "symfonic"."pinned_memories"(${placement.tenant}::text, array[${visibleKeys}]::text[],
      ${placement.scopeKey}::text, ${minSalience}::double precision, ${limit}::integer)`;
}

function memoryRowOf(row: PinnedRow): MemoryRow {
  if (typeof row?.id !== 'string' || !Array.isArray(row.path)) {
    throw new TypeError('the driver answered a pinned memory without its columns');
  }
  // drizzle's own reading of a `timestamp with time zone` (ISO text with the offset).
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}
