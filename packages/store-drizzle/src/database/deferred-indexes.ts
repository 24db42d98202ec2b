import { sql } from 'drizzle-orm';
import { resultRows } from '../rows/result-rows.js';
import { storeMigrations } from './migrate-store.js';
import type { StoreDatabase } from './store-database.js';
import { takeStoreLock } from './store-lock.js';

/**
 * The GIN indexes an exclusive restore drops and builds once at its end:
 * written in place they are most of a restore batch's time in the server
 * (docs/decisions/2026-12-02-exclusive-import.md).
 */
const deferredIndexNames = [
  'memories_ancestor_keys',
  'memories_salient_below',
  'memories_scoped_search',
  'memory_versions_ancestor_keys',
  'turns_ancestor_keys',
  'memory_embeddings_ancestor_keys',
  'memory_embeddings_placement_keys',
] as const;

/** An index as the store's migrations last create it. */
interface DeferredIndex {
  readonly name: string;
  /** The schema-qualified table, as the migration names it (`"symfonic"."memories"`). */
  readonly table: string;
  /** The migration's statement, made idempotent (`CREATE INDEX IF NOT EXISTS`). */
  readonly create: string;
}

let definitions: readonly DeferredIndex[] | undefined;

/**
 * Each deferred index with the statement of the last migration creating it:
 * the migrations are the one place its definition is written.
 *
 * @throws Error when no migration creates one of them (a broken package).
 */
export function deferredIndexes(): readonly DeferredIndex[] {
  definitions ??= deferredIndexNames.map((name) => {
    const pattern = new RegExp(
      `CREATE INDEX (?:IF NOT EXISTS )?"${name}" ON ("symfonic"\\."[a-z_]+")([^;]*)`,
      'g',
    );
    let found: DeferredIndex | undefined;
    for (const migration of storeMigrations()) {
      for (const statement of migration.sql) {
        for (const match of statement.matchAll(pattern)) {
          found = {
            name,
            table: match[1] as string,
            create: `CREATE INDEX IF NOT EXISTS "${name}" ON ${match[1]}${match[2]}`,
          };
        }
      }
    }
    if (!found) throw new Error(`no migration of the store creates the index "${name}"`);
    return found;
  });
  return definitions;
}

/** Drop every deferred index (those already missing stay missing) inside `transaction`. */
export async function dropDeferredIndexes(transaction: StoreDatabase): Promise<void> {
  for (const { name } of deferredIndexes()) {
    await transaction.execute(sql.raw(`DROP INDEX IF EXISTS "symfonic"."${name}"`));
  }
}

/** The deferred indexes missing from `database` whose table exists. */
async function missingIndexes(database: StoreDatabase): Promise<readonly DeferredIndex[]> {
  const indexes = deferredIndexes();
  const rows = resultRows<{ name: string }>(
    await database.execute(
      sql`select name from unnest(${sql.param(indexes.map(({ name }) => name))}::text[], ${sql.param(indexes.map(({ table }) => table))}::text[]) as deferred(name, tab)
          where to_regclass('"symfonic".' || quote_ident(name)) is null and to_regclass(tab) is not null`,
    ),
  );
  const missing = new Set(rows.map((row) => row.name));
  return indexes.filter(({ name }) => missing.has(name));
}

/**
 * Build every deferred index `database` lacks, with its migration's
 * definition, in one transaction under the store's lock (so two processes
 * never build the same one at once). Costs one read when none is missing: a
 * store runs it at open, so one opened after an exclusive restore that
 * stopped before its end (a killed process) never runs without them.
 *
 * @throws whatever the driver throws; the store translates it.
 */
export async function buildDeferredIndexes(database: StoreDatabase): Promise<void> {
  if ((await missingIndexes(database)).length === 0) return;
  await database.transaction(async (transaction) => {
    await takeStoreLock(transaction);
    for (const { create } of await missingIndexes(transaction)) {
      await transaction.execute(sql.raw(create));
    }
  });
}
