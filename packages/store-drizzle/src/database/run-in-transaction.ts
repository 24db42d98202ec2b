import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { StoreDatabase } from './store-database.js';

/**
 * Run `work` in a transaction of `database` (begun with `config`, e.g. its
 * isolation level, when given; the database's default otherwise) and rethrow the failure that
 * happened inside it. When a connection dies mid-transaction, drizzle's
 * rollback fails too and its error would replace the one that explains what
 * happened (e.g. SQLSTATE 57P01); this keeps the first.
 *
 * @throws the first error `work` threw, else whatever the transaction itself threw.
 */
export async function runInTransaction<Result>(
  database: StoreDatabase,
  work: (transaction: StoreDatabase) => Promise<Result>,
  config?: PgTransactionConfig,
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
    }, config);
  } catch (error) {
    throw inner ? inner.error : error;
  }
}
