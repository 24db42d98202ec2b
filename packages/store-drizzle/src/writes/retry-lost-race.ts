import { databaseErrorCode } from '../database/database-error-code.js';
import { runInTransaction } from '../database/run-in-transaction.js';
import type { StoreDatabase } from '../database/store-database.js';
import { ApplyConflict } from './apply-conflict.js';

/** SQLSTATEs after which a write is run again: unique violation, serialization failure, deadlock. */
const retriedCodes = new Set(['23505', '40001', '40P01']);
/** A write is tried this many times at most. */
const attempts = 5;

/**
 * Run `work` in a transaction of `database`, again (up to five times in
 * all) when it lost a race to a concurrent writer: a unique violation, a
 * serialization failure, a deadlock, or an {@link ApplyConflict}. Each
 * attempt is its own transaction, so a lost one leaves nothing behind.
 *
 * @throws the last attempt's failure, or the first failure that is not a lost race.
 */
export async function retryLostRace<Result>(
  database: StoreDatabase,
  work: (transaction: StoreDatabase) => Promise<Result>,
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runInTransaction(database, work);
    } catch (error) {
      const lostRace =
        error instanceof ApplyConflict || retriedCodes.has(databaseErrorCode(error) ?? '');
      if (!lostRace || attempt >= attempts) throw error;
    }
  }
}
