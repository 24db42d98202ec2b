import { type AnyColumn, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StoreDatabase } from '../database/store-database.js';
import type { JsonColumn } from './insert-json-rows.js';

/** The key columns of an {@link updateJsonRows} table. */
export interface RowKey {
  readonly tenant: AnyColumn;
  readonly id: AnyColumn;
}

/**
 * Update the rows of `table` in `tenant` named by the `id` of each of
 * `rows`, setting every other column of `columns` from that row, in one
 * statement: the rows come as one JSON document read by
 * `jsonb_to_recordset`, as {@link insertJsonRows} reads them. The tenant is
 * a predicate of its own, so a table partitioned by tenant is updated in its
 * one partition. `columns` name the id column `id` (key `id`) and may name
 * `tenant`, which is never set.
 */
export async function updateJsonRows(
  database: StoreDatabase,
  table: PgTable,
  key: RowKey,
  columns: readonly JsonColumn[],
  rows: readonly object[],
  tenant: string,
): Promise<void> {
  if (rows.length === 0) return;
  const changed = columns.filter(({ column }) => column !== 'id' && column !== 'tenant');
  const set = sql.raw(changed.map(({ column, key }) => `"${column}" = r."${key}"`).join(', '));
  const shape = sql.raw(
    [{ key: 'id', type: 'text' }, ...changed].map(({ key, type }) => `"${key}" ${type}`).join(', '),
  );
  await database.execute(
    sql`update ${table} set ${set} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${shape}) where ${key.tenant} = ${tenant} and ${key.id} = r."id"`,
  );
}
