import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { describeMemoryStoreContract } from '@symfonic/store-contract';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll } from 'vitest';
import { openDrizzleStore } from './create-drizzle-store.js';
import type { DrizzleMemoryStore } from './drizzle-memory-store.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';

// The store as `openPGliteStore` opens it, its database's only writer, so it
// keeps pinned facts between its writes. The harness's reset erases the tables
// behind the store's back, which only a test may do: it then opens a new store
// on the emptied database, so that no store ever sees a write it did not make.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

describeMemoryStoreContract(
  'drizzle on PGlite, its only writer (pinned facts kept between writes)',
  async ({ embedder, fusionWeights }) => {
    const db = drizzle({ client: await client });
    const open = () =>
      openDrizzleStore(
        { db, embedder, ...(fusionWeights ? { fusionWeights } : {}) },
        { soleWriter: true },
      );
    let store: DrizzleMemoryStore = await open();
    return {
      get store() {
        return store;
      },
      reset: async () => {
        await store.close();
        await eraseStoreTables(db);
        store = await open();
      },
      close: () => store.close(),
    };
  },
  { vectors: true },
);
