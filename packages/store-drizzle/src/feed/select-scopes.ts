import type { MemoryScope, ScopeSummary } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { turns } from '../schema/turns.js';
import { withinScope } from '../scope/within-scope.js';
import { rowScope } from './row-scope.js';

interface ScopeRow {
  readonly scope_key: string;
  readonly path: string[] | null;
  readonly memories: string | number;
  readonly deleted: string | number;
  readonly turns: string | number;
  readonly last: string | Date;
}

/**
 * At most `limit` scopes at or below `scope` after `after` (from the start
 * without it), by path under the `"C"` collation (core's `compareScopes`
 * within a tenant), each with its live and deleted memories (one `created`
 * version per memory, one `deleted` at most), its turns and its last write.
 */
export async function selectScopes(
  database: StoreDatabase,
  scope: MemoryScope,
  after: MemoryScope | undefined,
  limit: number,
): Promise<ScopeSummary[]> {
  // A row written before rows kept their path is placed at the asking scope (rowScope checks it is).
  const placed = sql`coalesce(path, ${sql.param(scope.path)}::text[]) collate "C"`;
  const afterPath =
    after === undefined ? sql`true` : sql`${placed} > ${sql.param(after.path)}::text[] collate "C"`;
  const rows = resultRows<ScopeRow>(
    await database.execute(sql`
      select scope_key, min(path) as path, sum(memories) as memories,
        sum(deleted) as deleted, sum(turns) as turns, max(last) as last
      from (
        select ${memoryVersions.scopeKey} as scope_key, ${memoryVersions.path} as path,
          count(*) filter (where ${memoryVersions.change} = 'created')
            - count(*) filter (where ${memoryVersions.change} = 'deleted') as memories,
          count(*) filter (where ${memoryVersions.change} = 'deleted') as deleted,
          0 as turns, max(${memoryVersions.at}) as last
        from ${memoryVersions} where ${withinScope(memoryVersions, scope)}
        group by ${memoryVersions.scopeKey}, ${memoryVersions.path}
        union all
        select ${turns.scopeKey}, ${turns.path}, 0, 0, count(*), max(${turns.loggedAt})
        from ${turns} where ${withinScope(turns, scope)}
        group by ${turns.scopeKey}, ${turns.path}
      ) as held
      where ${afterPath}
      group by scope_key
      order by min(${placed}) collate "C"
      limit ${limit}
    `),
  );
  return rows.map((row) => ({
    scope: rowScope({ tenant: scope.tenant, scopeKey: row.scope_key, path: row.path }, scope),
    memories: Number(row.memories),
    deleted: Number(row.deleted),
    turns: Number(row.turns),
    lastActivity: new Date(row.last),
  }));
}
