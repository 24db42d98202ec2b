import type { ConversationTurn, MemoryScope } from '@symfonic/core';
import { and, eq, sql } from 'drizzle-orm';
import { runInTransaction } from '../database/run-in-transaction.js';
import type { StoreDatabase } from '../database/store-database.js';
import { turns } from '../schema/turns.js';
import { atScope } from '../scope/at-scope.js';
import { scopePlacement } from '../scope/scope-placement.js';

/** Seeds the advisory lock keys of turn numbering, apart from any other lock of the store. */
const numberingLockSeed = 4_117_093_582;

/** An append's answer: the turn as logged, and whether this call logged it. */
export interface AppendedTurn {
  readonly turn: ConversationTurn;
  /** `false` when a turn with the same id was logged there before: `turn` is that one. */
  readonly logged: boolean;
}

const turnColumns = {
  turnId: turns.turnId,
  speaker: turns.speaker,
  text: turns.text,
  turn: turns.turn,
};

/**
 * Log `turn` (validated) at `scope` unless its `turnId` is logged there. A
 * turn without a number is numbered inside a transaction that first takes a
 * transaction-scoped advisory lock on the scope's key: the next appender
 * waits for the commit, and its own read of the highest number (a new
 * snapshot, at READ COMMITTED) sees the row just written. Explicit numbers
 * take no lock.
 *
 * @returns the turn as logged (the first one, for a `turnId` already logged), and whether this call logged it.
 */
export async function appendTurn(
  database: StoreDatabase,
  scope: MemoryScope,
  turn: Omit<ConversationTurn, 'turn'> & { readonly turn?: number },
): Promise<AppendedTurn> {
  const placement = scopePlacement(scope);
  const insert = async (into: StoreDatabase, number: number): Promise<AppendedTurn> => {
    const [logged] = await into
      .insert(turns)
      .values({ ...placement, path: [...scope.path], ...turn, turn: number, loggedAt: new Date() })
      .onConflictDoNothing({ target: [turns.tenant, turns.scopeKey, turns.turnId] })
      .returning(turnColumns);
    if (logged) return { turn: logged, logged: true };
    const [existing] = await into
      .select(turnColumns)
      .from(turns)
      .where(and(atScope(turns, scope), eq(turns.turnId, turn.turnId)));
    if (!existing) throw new Error('a turn that conflicted on its id could not be read back');
    return { turn: existing, logged: false };
  };
  if (turn.turn !== undefined) return insert(database, turn.turn);
  return runInTransaction(database, async (transaction) => {
    await transaction.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${placement.scopeKey}, ${numberingLockSeed}))`,
    );
    const [highest] = await transaction
      .select({ turn: sql<number | null>`max(${turns.turn})` })
      .from(turns)
      .where(atScope(turns, scope));
    return insert(transaction, highest?.turn == null ? 0 : Number(highest.turn) + 1);
  });
}
