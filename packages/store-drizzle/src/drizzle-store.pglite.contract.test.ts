import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { describeMemoryStoreContract } from '@symfonic/store-contract';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll } from 'vitest';
import { createDrizzleStore } from './create-drizzle-store.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';

// One PGlite for the file (a cold start takes seconds); every harness the suite opens shares it.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

describeMemoryStoreContract(
  'drizzle on PGlite, with pgvector',
  async ({ embedder, fusionWeights }) => {
    const db = drizzle({ client: await client });
    const store = await createDrizzleStore({
      db,
      embedder,
      ...(fusionWeights ? { fusionWeights } : {}),
    });
    return { store, reset: () => eraseStoreTables(db), close: () => store.close() };
  },
  { vectors: true },
);
