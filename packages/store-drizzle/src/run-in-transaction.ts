import type { StoreDatabase } from './store-database.js';

/**
 * Run `work` in a transaction of `database` and rethrow the failure that
 * happened inside it. When a connection dies mid-transaction, drizzle's
 * rollback fails too and its error would replace the one that explains what
 * happened (e.g. SQLSTATE 57P01); this keeps the first.
 *
 * @throws the first error `work` threw, else whatever the transaction itself threw.
 */
export async function runInTransaction<Result>(
  database: StoreDatabase,
  work: (transaction: StoreDatabase) => Promise<Result>,
): Promise<Result> {
  let inner: { error: unknown } | undefined;
  try {
    return await database.transaction(async (transaction) => {
      try {
        return await work(transaction);
      } catch (error) {
        inner = { error };
        throw error;
      }
    });
  } catch (error) {
    throw inner ? inner.error : error;
  }
}
