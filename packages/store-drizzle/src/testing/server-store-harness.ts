import type { MemoryStore } from '@symfonic/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { StoreDatabase } from '../database/store-database.js';
import { eraseStoreTables } from './erase-store-tables.js';

/** What the store contract's `StoreHarness` asks of a store under test. */
export interface ServerStoreHarness {
  readonly store: MemoryStore;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The contract harness of a store on the PostgreSQL server at `url`, whatever
 * driver the store uses: `reset` erases the store's tables with `erase`
 * (`eraseStoreTables` unless given) through a one-connection node-postgres
 * pool of its own, which `close` ends after the store.
 */
export function serverStoreHarness(
  store: MemoryStore,
  url: string,
  erase: (database: StoreDatabase) => Promise<void> = eraseStoreTables,
): ServerStoreHarness {
  const eraser = new pg.Pool({ connectionString: url, max: 1 });
  return {
    store,
    reset: () => erase(drizzle({ client: eraser })),
    close: async () => {
      await store.close();
      await eraser.end();
    },
  };
}
