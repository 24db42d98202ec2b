import { type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';

/** A column written by {@link insertJsonRows}: its name in the table, in the JSON rows, and its SQL type. */
export interface JsonColumn {
  readonly column: string;
  readonly key: string;
  readonly type: string;
}

/**
 * Insert `rows` into `table` as one JSON document read by
 * `jsonb_to_recordset`, in the order of `rows` (identity columns are drawn
 * in that order): one parameter whatever the number of rows, where a
 * multi-row `VALUES` takes one per cell and costs PostgreSQL as much to
 * parse and plan as to write. JSON arrays become PostgreSQL arrays, objects
 * `jsonb`, ISO strings timestamps. Texts must be storable (see `unstorableText`).
 */
export async function insertJsonRows(
  database: StoreDatabase,
  table: SQL,
  columns: readonly JsonColumn[],
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.raw(columns.map(({ column }) => `"${column}"`).join(', '));
  const read = sql.raw(columns.map(({ key }) => `r."${key}"`).join(', '));
  const shape = sql.raw(columns.map(({ key, type }) => `"${key}" ${type}`).join(', '));
  await database.execute(
    sql`insert into ${table} (${names}) select ${read} from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (${shape})) with ordinality as r order by r."ordinality"`,
  );
}
