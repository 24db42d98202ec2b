import { type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';

/** A column written by {@link insertJsonRows}: its name in the table, in the JSON rows, and its SQL type. */
export interface JsonColumn {
  readonly column: string;
  readonly key: string;
  readonly type: string;
}

/**
 * Columns many rows of an {@link insertJsonRows} hold alike (a scope's
 * placement: its tenant, keys and path), sent once: `rows` are their
 * values, and each inserted row names its own by the key `shared`, the
 * 1-based index of its entry in `rows`.
 */
export interface SharedRows {
  readonly columns: readonly JsonColumn[];
  readonly rows: readonly object[];
}

/**
 * Insert `rows` into `table` as one JSON document read by
 * `jsonb_to_recordset`, in the order of `rows` (identity columns are drawn
 * in that order): one parameter whatever the number of rows, where a
 * multi-row `VALUES` takes one per cell and costs PostgreSQL as much to
 * parse and plan as to write. With `shared`, the columns rows hold alike
 * come in a second document, joined by each row's `shared` index: the scope
 * keys are most of a row's bytes, and sending them once per scope rather
 * than once per row shortens what is built, sent and parsed by about a
 * third. JSON arrays become PostgreSQL arrays, objects `jsonb`, ISO strings
 * timestamps. Texts must be storable (see `unstorableText`).
 */
export async function insertJsonRows(
  database: StoreDatabase,
  table: SQL,
  columns: readonly JsonColumn[],
  rows: readonly object[],
  shared?: SharedRows,
): Promise<void> {
  if (rows.length === 0) return;
  const sharedColumns = shared?.columns ?? [];
  const names = sql.raw(
    [...columns, ...sharedColumns].map(({ column }) => `"${column}"`).join(', '),
  );
  const read = sql.raw(
    [
      ...columns.map(({ key }) => `r."${key}"`),
      ...sharedColumns.map(({ key }) => `s."${key}"`),
    ].join(', '),
  );
  const shape = (of: readonly JsonColumn[]) =>
    of.map(({ key, type }) => `"${key}" ${type}`).join(', ');
  if (shared === undefined) {
    await database.execute(
      sql`insert into ${table} (${names}) select ${read} from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (${sql.raw(shape(columns))})) with ordinality as r order by r."ordinality"`,
    );
    return;
  }
  await database.execute(
    sql`insert into ${table} (${names}) select ${read} from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (${sql.raw(shape(columns))}, "shared" integer)) with ordinality as r join rows from (jsonb_to_recordset(${JSON.stringify(shared.rows)}::jsonb) as (${sql.raw(shape(sharedColumns))})) with ordinality as s on s."ordinality" = r."shared" order by r."ordinality"`,
  );
}
