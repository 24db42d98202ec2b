import { createTestEmbedder } from '@symfonic/store-contract';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { createFlakyEmbedder } from '../doubles/flaky-embedder.js';
import { type StoreUnderTest, storeUnderTest } from './store-under-test.js';

/** The application name the store's connections carry, so a test can find and kill them. */
export const storeApplicationName = 'symfonic_reliability_store';

/**
 * The Drizzle store on PostgreSQL through node-postgres, on the database at
 * `url`, its connections named {@link storeApplicationName}. It is given the
 * test embedder; a server without pgvector never calls it (the store ranks
 * lexically), so `embedder` is reported only when the store uses it.
 */
export async function openPostgresUnderTest(url: string): Promise<StoreUnderTest> {
  const connection = new URL(url);
  connection.searchParams.set('application_name', storeApplicationName);
  const embedder = createFlakyEmbedder(createTestEmbedder());
  const store = await openNodePostgresStore({ connectionString: connection.toString(), embedder });
  return storeUnderTest('postgresql', store, store.vectors ? { embedder } : {});
}
