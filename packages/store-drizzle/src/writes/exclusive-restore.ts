import { type ExclusiveRestore, ExclusiveRestoreRefused, type MemoryScope } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { buildDeferredIndexes, dropDeferredIndexes } from '../database/deferred-indexes.js';
import type { StoreDatabase } from '../database/store-database.js';
import { takeStoreLock } from '../database/store-lock.js';
import { resultRows } from '../rows/result-rows.js';
import { scopePlacement } from '../scope/scope-placement.js';

/** The tables whose rows say what the database holds (embeddings belong to memories). */
const ownedTables = ['memory_versions', 'memories', 'turns'] as const;

/**
 * Open an exclusive restore at `scope` on `database`: refuse when any
 * history, memory or turn is held outside `scope` (the database is then not
 * the restore's own: another tenant or scope is there, and would lose its
 * GIN indexes for the import's duration), else drop the deferred GIN
 * indexes, both in one transaction under the store's lock. A database
 * holding only rows at or below `scope` (a new one, or one an earlier
 * import of the same dump stopped in) is accepted. The session's `end`
 * builds the indexes again (`buildDeferredIndexes`).
 *
 * @throws ExclusiveRestoreRefused when a row is held outside `scope`; nothing is dropped.
 * @throws whatever the driver throws; the store translates it.
 */
export async function openExclusiveRestore(
  database: StoreDatabase,
  scope: MemoryScope,
): Promise<ExclusiveRestore> {
  const { tenant, scopeKey } = scopePlacement(scope);
  await database.transaction(async (transaction) => {
    await takeStoreLock(transaction);
    for (const table of ownedTables) {
      const [outside] = resultRows<{ found: number }>(
        await transaction.execute(
          sql`select 1 as found from "symfonic".${sql.identifier(table)}
              where tenant <> ${tenant} or not (ancestor_keys @> array[${scopeKey}]::text[]) limit 1`,
        ),
      );
      if (outside) {
        throw new ExclusiveRestoreRefused(
          `refused exclusive import: the store already holds ${table === 'turns' ? 'turns' : 'memories'} outside "${[scope.tenant, ...scope.path].join('/')}", so its database is not the import's own; import without the exclusive mode, or into a new database`,
        );
      }
    }
    await dropDeferredIndexes(transaction);
  });
  return { end: () => buildDeferredIndexes(database) };
}
