import type { MemoryScope } from '@symfonic/core';
import { databaseErrorCode } from '../database/database-error-code.js';
import { runInTransaction } from '../database/run-in-transaction.js';
import type { StoreDatabase } from '../database/store-database.js';
import { memories } from '../schema/memories.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { turns } from '../schema/turns.js';
import { withinScope } from '../scope/within-scope.js';

/** What {@link forgetScope} erased. */
export interface ForgottenScope {
  /** Memories erased, each once, deleted ones (history only) included. */
  readonly memories: number;
  /** Turns erased. */
  readonly turns: number;
  /** Rows erased from `memories` (live memories and tombstoned ones). */
  readonly liveRows: number;
  /** The ids of the rows erased from `memories`. */
  readonly liveIds: readonly string[];
}

/** SQLSTATEs after which a forget is run again: serialization failure, deadlock. */
const retriedCodes = new Set(['40001', '40P01']);
const forgetAttempts = 5;

/**
 * Erase `scope` and everything below it (memories, every version, turns) in
 * one REPEATABLE READ transaction, so its three deletes see one snapshot: a
 * concurrent apply is either wholly before the forget (erased with its
 * history) or wholly after it (kept with all of it), never split between
 * them. An apply that changed a row the forget is deleting makes the
 * transaction fail with a serialization failure; it is then run again, up
 * to five times, on a fresh snapshot.
 *
 * @throws the database's error when it fails otherwise, or still loses the race on the fifth attempt.
 */
export async function forgetScope(
  database: StoreDatabase,
  scope: MemoryScope,
): Promise<ForgottenScope> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runInTransaction(
        database,
        async (transaction) => {
          const live = await transaction
            .delete(memories)
            .where(withinScope(memories, scope))
            .returning({ id: memories.id });
          const versions = await transaction
            .delete(memoryVersions)
            .where(withinScope(memoryVersions, scope))
            .returning({ id: memoryVersions.memoryId });
          const logged = await transaction
            .delete(turns)
            .where(withinScope(turns, scope))
            .returning({ sequence: turns.sequence });
          const erased = new Set([...live, ...versions].map((row) => row.id));
          return {
            memories: erased.size,
            turns: logged.length,
            liveRows: live.length,
            liveIds: live.map((row) => row.id),
          };
        },
        { isolationLevel: 'repeatable read' },
      );
    } catch (error) {
      const lostRace = retriedCodes.has(databaseErrorCode(error) ?? '');
      if (!lostRace || attempt >= forgetAttempts) throw error;
    }
  }
}
