import { InvalidMemoryInput } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { resultRows } from '../rows/result-rows.js';
import { symfonicSchema } from '../schema/symfonic-schema.js';
import type { StoreDatabase } from './store-database.js';

/** The store's tables, each partitioned by the hash of its `tenant` column. */
const partitionedTables = ['memories', 'memory_embeddings', 'memory_versions', 'turns'] as const;
/** The partition key: every statement the store sends names it, so a call reads one partition. */
const partitionKey = 'tenant';
/** The most partitions {@link partitionByTenant} makes per table. */
export const maxTenantPartitions = 1_024;

/** One unique key or index of a table, by column name. */
interface UniqueKey {
  readonly name: string;
  readonly columns: string[];
  readonly constraint: 'p' | 'u' | null;
}

/** One foreign key of a table, by column name. */
interface ForeignKey {
  readonly name: string;
  readonly columns: string[];
  readonly references: string;
  readonly referencedColumns: string[];
  readonly onDelete: string;
}

const onDeleteActions: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: string) => `${quoted(symfonicSchema.schemaName)}.${quoted(table)}`;
const withTenant = (columns: readonly string[]) =>
  columns.includes(partitionKey) ? [...columns] : [partitionKey, ...columns];
const list = (columns: readonly string[]) => columns.map(quoted).join(', ');

/**
 * Check a number of partitions asked of {@link partitionByTenant}.
 *
 * @throws InvalidMemoryInput when it is not an integer from 2 to {@link maxTenantPartitions}.
 */
export function requirePartitionCount(partitions: number): void {
  if (!Number.isInteger(partitions) || partitions < 2 || partitions > maxTenantPartitions) {
    throw new InvalidMemoryInput(
      `invalid migrateStore options: partitions must be an integer from 2 to ${maxTenantPartitions}`,
    );
  }
}

/** Whether the store's `memories` table is partitioned already. */
export async function isPartitionedByTenant(database: StoreDatabase): Promise<boolean> {
  const [row] = resultRows<{ partitioned: boolean | string }>(
    await database.execute(
      sql`select exists (select 1 from pg_partitioned_table where partrelid = to_regclass(${`${symfonicSchema.schemaName}.memories`})) as partitioned`,
    ),
  );
  return row?.partitioned === true || row?.partitioned === 't';
}

/**
 * Turn the store's tables, which must be empty, into tables partitioned by
 * `HASH (tenant)` with `partitions` partitions each (`<table>_p<n>`), keeping
 * every column, default, generated column, check, index and foreign key the
 * migration history gave them, with three changes PostgreSQL requires of a
 * partitioned table, which must hold its partition key in every unique key:
 *
 * - each primary and unique key without the tenant gets it as its first
 *   column (`memories (tenant, id)`, `memory_versions (tenant, memory_id,
 *   version)`, `turns (tenant, sequence)`, `memories_sequence (tenant,
 *   sequence)`), and a plain index on its former columns keeps a lookup by
 *   them alone indexed (the store checks a restored memory's id against every
 *   tenant, since ids are unique store-wide and a random UUID never repeats);
 * - each foreign key names the tenant on both sides
 *   (`memory_embeddings (tenant, memory_id)` → `memories (tenant, id)`);
 * - an identity column becomes a column drawing from a sequence of the same
 *   name by default (PostgreSQL 15 has no identity on a partitioned table).
 *
 * It runs in the caller's transaction (`migrateStore`, under the store lock)
 * after the migration history, and reads the layout from the catalogue, so a
 * migration added to the history later is carried over as well.
 *
 * @throws InvalidMemoryInput when `partitions` is not an integer from 2 to
 * {@link maxTenantPartitions}, or when a table holds a row: partitioning is
 * for a new database (move an existing store with `symfonic export` into
 * `symfonic import` on a partitioned one).
 */
export async function partitionByTenant(
  database: StoreDatabase,
  partitions: number,
): Promise<void> {
  requirePartitionCount(partitions);
  const [held] = resultRows<{ rows: boolean | string }>(
    await database.execute(
      sql.raw(
        `select ${partitionedTables.map((table) => `exists (select 1 from ${qualified(table)})`).join(' or ')} as rows`,
      ),
    ),
  );
  if (held?.rows === true || held?.rows === 't') {
    throw new InvalidMemoryInput(
      'invalid migrateStore options: partitions are made for a new, empty store, and this one holds rows; migrate an empty database with { partitions }, then move the store there (symfonic export | symfonic import)',
    );
  }
  const layouts = [];
  for (const table of partitionedTables) layouts.push(await readLayout(database, table));
  for (const { table, foreignKeys } of layouts) {
    for (const key of foreignKeys) {
      await run(database, `alter table ${qualified(table)} drop constraint ${quoted(key.name)}`);
    }
  }
  for (const { table, identities, uniqueKeys, indexes } of layouts) {
    const former = `${table}_unpartitioned`;
    await run(database, `alter table ${qualified(table)} rename to ${quoted(former)}`);
    await run(
      database,
      `create table ${qualified(table)} (like ${qualified(former)} including defaults including generated including constraints including storage including comments) partition by hash (${quoted(partitionKey)})`,
    );
    await run(database, `drop table ${qualified(former)}`);
    for (const column of identities) {
      const sequence = `${table}_${column}_seq`;
      await run(database, `create sequence ${qualified(sequence)} as bigint`);
      await run(
        database,
        `alter table ${qualified(table)} alter column ${quoted(column)} set default nextval('${qualified(sequence)}')`,
      );
      await run(
        database,
        `alter sequence ${qualified(sequence)} owned by ${qualified(table)}.${quoted(column)}`,
      );
    }
    for (let remainder = 0; remainder < partitions; remainder += 1) {
      await run(
        database,
        `create table ${qualified(`${table}_p${remainder}`)} partition of ${qualified(table)} for values with (modulus ${partitions}, remainder ${remainder})`,
      );
    }
    for (const key of uniqueKeys) {
      const columns = list(withTenant(key.columns));
      if (key.constraint === 'p') {
        await run(
          database,
          `alter table ${qualified(table)} add constraint ${quoted(key.name)} primary key (${columns})`,
        );
      } else if (key.constraint === 'u') {
        await run(
          database,
          `alter table ${qualified(table)} add constraint ${quoted(key.name)} unique (${columns})`,
        );
      } else {
        await run(
          database,
          `create unique index ${quoted(key.name)} on ${qualified(table)} (${columns})`,
        );
      }
      if (!key.columns.includes(partitionKey)) {
        await run(
          database,
          `create index ${quoted(`${key.name}_lookup`)} on ${qualified(table)} (${list(key.columns)})`,
        );
      }
    }
    for (const definition of indexes) await run(database, definition);
  }
  for (const { table, foreignKeys } of layouts) {
    for (const key of foreignKeys) {
      await run(
        database,
        `alter table ${qualified(table)} add constraint ${quoted(key.name)} foreign key (${list(withTenant(key.columns))}) references ${key.references} (${list(withTenant(key.referencedColumns))}) on delete ${key.onDelete}`,
      );
    }
  }
}

async function run(database: StoreDatabase, statement: string): Promise<void> {
  await database.execute(sql.raw(statement));
}

/** What {@link partitionByTenant} carries from `table` to its partitioned successor. */
async function readLayout(database: StoreDatabase, table: string) {
  const relation = `${symfonicSchema.schemaName}.${table}`;
  const identities = resultRows<{ name: string }>(
    await database.execute(
      sql`select attname as name from pg_attribute where attrelid = to_regclass(${relation}) and attidentity <> '' and not attisdropped`,
    ),
  ).map((row) => row.name);
  const indexRows = resultRows<{
    name: string;
    definition: string;
    is_unique: boolean | string;
    columns: string[] | null;
    constraint_type: 'p' | 'u' | null;
  }>(
    await database.execute(sql`
      select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indisunique as is_unique,
        (select array_agg(a.attname::text order by k.position) from unnest(x.indkey) with ordinality as k(attnum, position)
           join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum) as columns,
        (select c.contype::text from pg_constraint c where c.conindid = x.indexrelid and c.contype in ('p', 'u')) as constraint_type
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = to_regclass(${relation})
      order by i.relname`),
  );
  const uniqueKeys: UniqueKey[] = [];
  const indexes: string[] = [];
  for (const row of indexRows) {
    if (row.is_unique !== true && row.is_unique !== 't') {
      indexes.push(row.definition);
      continue;
    }
    const plain = /^CREATE UNIQUE INDEX \S+ ON \S+ USING btree \([^()]*\)$/.test(row.definition);
    if (!plain || row.columns === null) {
      throw new Error(
        `cannot partition ${relation}: its unique index ${row.name} is not on plain columns`,
      );
    }
    uniqueKeys.push({
      name: row.name,
      columns: row.columns,
      constraint: row.constraint_type,
    });
  }
  const foreignKeys = resultRows<{
    name: string;
    columns: string[];
    referenced: string;
    referenced_columns: string[];
    on_delete: string;
  }>(
    await database.execute(sql`
      select c.conname as name,
        (select array_agg(a.attname::text order by k.position) from unnest(c.conkey) with ordinality as k(attnum, position)
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns,
        c.confrelid::regclass::text as referenced,
        (select array_agg(a.attname::text order by k.position) from unnest(c.confkey) with ordinality as k(attnum, position)
           join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum) as referenced_columns,
        c.confdeltype::text as on_delete
      from pg_constraint c where c.conrelid = to_regclass(${relation}) and c.contype = 'f'
      order by c.conname`),
  ).map(
    (row): ForeignKey => ({
      name: row.name,
      columns: row.columns,
      references: row.referenced,
      referencedColumns: row.referenced_columns,
      onDelete: onDeleteActions[row.on_delete] ?? 'no action',
    }),
  );
  return { table, identities, uniqueKeys, indexes, foreignKeys };
}
