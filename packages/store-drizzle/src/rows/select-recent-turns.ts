import type { ConversationTurn, MemoryScope } from '@symfonic/core';
import { desc } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { turns } from '../schema/turns.js';
import { atScope } from '../scope/at-scope.js';

/**
 * The last `limit` turns logged at exactly `scope`, oldest first (by turn
 * number, then by arrival); `[]` for a scope with no turns.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function selectRecentTurns(
  database: StoreDatabase,
  scope: MemoryScope,
  limit: number,
): Promise<ConversationTurn[]> {
  const rows = await database
    .select({
      turnId: turns.turnId,
      speaker: turns.speaker,
      text: turns.text,
      turn: turns.turn,
    })
    .from(turns)
    .where(atScope(turns, scope))
    .orderBy(desc(turns.turn), desc(turns.sequence))
    .limit(limit);
  return rows.reverse();
}
