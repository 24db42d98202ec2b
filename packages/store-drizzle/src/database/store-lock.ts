import { sql } from 'drizzle-orm';
import type { StoreDatabase } from './store-database.js';

/**
 * The advisory lock key every schema change of the store takes (migrations,
 * vector indexes), so that processes opening the same database at once apply
 * each change exactly once. Chosen once, arbitrarily; never change it.
 */
const storeLockKey = 7_305_119_446_281_364n;

/**
 * Take the store's transaction-scoped advisory lock inside `transaction`: it
 * is released when that transaction ends, whichever way it ends.
 */
export async function takeStoreLock(transaction: StoreDatabase): Promise<void> {
  await transaction.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(storeLockKey))})`);
}
