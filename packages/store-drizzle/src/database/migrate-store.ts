import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { resultRows } from '../rows/result-rows.js';
import { databaseErrorCode } from './database-error-code.js';
import { migrationsFolder } from './migrations-folder.js';
import type { StoreDatabase } from './store-database.js';
import { takeStoreLock } from './store-lock.js';

/** Where applied migrations are recorded: drizzle's own table layout, in drizzle's schema. */
const migrationsSchema = 'drizzle';
const migrationsTable = '__symfonic_migrations';

/** What {@link migrateStore} did. */
export interface MigrationReport {
  /** How many migrations this call applied: 0 when the database was already current. */
  readonly applied: number;
}

/** SQLSTATE of a statement naming a table that does not exist. */
const undefinedTable = '42P01';

/** The committed history, read (and hashed) once per process. */
let history: readonly MigrationMeta[] | undefined;

/** The store's migrations, oldest first, as drizzle-kit committed them. */
export function storeMigrations(): readonly MigrationMeta[] {
  history ??= readMigrationFiles({ migrationsFolder });
  return history;
}

/**
 * The creation time of the newest migration `database` records, in one
 * statement; `undefined` when it records none (its bookkeeping table does not
 * exist yet).
 */
async function appliedVersion(database: StoreDatabase): Promise<number | undefined> {
  try {
    const [row] = resultRows<{ version: string | number | null }>(
      await database.execute(
        sql`select max(created_at) as version from ${sql.identifier(migrationsSchema)}.${sql.identifier(migrationsTable)}`,
      ),
    );
    return row?.version === null || row?.version === undefined ? undefined : Number(row.version);
  } catch (error) {
    if (databaseErrorCode(error) === undefinedTable) return undefined;
    throw error;
  }
}

/**
 * Bring the store's tables up to date with the committed drizzle-kit history.
 *
 * A database that already records the newest migration costs one statement
 * (a read of its newest recorded version), nothing is replayed or locked.
 * Otherwise everything happens in one transaction under the store's advisory lock: the
 * bookkeeping table is created if missing, the migrations newer than the last
 * one recorded are applied in order and recorded. A concurrent call waits for
 * the lock and then finds nothing left to do, so opening the same database
 * from several processes at once is safe; a failure leaves nothing half
 * applied. The bookkeeping is drizzle's (`drizzle.__symfonic_migrations`,
 * hash and creation time), so `drizzle-kit migrate` with this package's
 * config agrees with it.
 *
 * @throws whatever the driver throws; the store translates it.
 */
export async function migrateStore(database: StoreDatabase): Promise<MigrationReport> {
  const newest = storeMigrations().at(-1)?.folderMillis ?? Number.NEGATIVE_INFINITY;
  if (((await appliedVersion(database)) ?? Number.NEGATIVE_INFINITY) >= newest) {
    return { applied: 0 };
  }
  return applyPendingMigrations(database);
}

/**
 * The locked part of {@link migrateStore}: in one transaction under the
 * store's advisory lock, create the bookkeeping table if missing, then apply
 * and record every migration newer than the last one recorded.
 *
 * @throws whatever the driver throws; the store translates it.
 */
export async function applyPendingMigrations(database: StoreDatabase): Promise<MigrationReport> {
  const migrations = storeMigrations();
  const table = sql`${sql.identifier(migrationsSchema)}.${sql.identifier(migrationsTable)}`;
  return database.transaction(async (transaction) => {
    await takeStoreLock(transaction);
    await transaction.execute(sql`create schema if not exists ${sql.identifier(migrationsSchema)}`);
    await transaction.execute(
      sql`create table if not exists ${table} (id serial primary key, hash text not null, created_at bigint)`,
    );
    const [last] = resultRows<{ created_at: string | number | null }>(
      await transaction.execute(
        sql`select created_at from ${table} order by created_at desc limit 1`,
      ),
    );
    const lastApplied = Number(last?.created_at ?? Number.NEGATIVE_INFINITY);
    let applied = 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) {
        if (statement.trim().length > 0) await transaction.execute(sql.raw(statement));
      }
      await transaction.execute(
        sql`insert into ${table} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      applied += 1;
    }
    return { applied };
  });
}
