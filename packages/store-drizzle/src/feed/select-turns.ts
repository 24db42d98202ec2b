import type { LoggedTurn, MemoryScope, TurnPosition } from '@symfonic/core';
import { and, asc, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { turns } from '../schema/turns.js';
import { withinScope } from '../scope/within-scope.js';
import { rowScope } from './row-scope.js';

/** The feed order's path: compared under the `"C"` collation, as core's `compareScopes`. */
const pathInOrder = sql`${turns.path} collate "C"`;

/**
 * At most `limit` turns at or below `scope` after `after` (from the start
 * without it), by path, turn number, then arrival (the row's sequence),
 * each with its arrival for the next cursor.
 */
export async function selectTurns(
  database: StoreDatabase,
  scope: MemoryScope,
  after: TurnPosition | undefined,
  limit: number,
): Promise<{ readonly turn: LoggedTurn; readonly arrival: number }[]> {
  const rows = await database
    .select({
      tenant: turns.tenant,
      scopeKey: turns.scopeKey,
      path: turns.path,
      turnId: turns.turnId,
      speaker: turns.speaker,
      text: turns.text,
      turn: turns.turn,
      at: turns.loggedAt,
      sequence: turns.sequence,
    })
    .from(turns)
    .where(
      and(
        withinScope(turns, scope),
        after === undefined
          ? undefined
          : sql`(${pathInOrder}, ${turns.turn}, ${turns.sequence}) > (${sql.param(after.scope.path)}::text[] collate "C", ${after.turn}::integer, ${after.arrival}::bigint)`,
      ),
    )
    .orderBy(asc(pathInOrder), asc(turns.turn), asc(turns.sequence))
    .limit(limit);
  return rows.map((row) => ({
    turn: {
      scope: rowScope(row, scope),
      turnId: row.turnId,
      speaker: row.speaker,
      text: row.text,
      turn: row.turn,
      at: row.at,
    },
    arrival: row.sequence,
  }));
}
