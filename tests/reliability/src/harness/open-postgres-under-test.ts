import { createTestEmbedder } from '@symfonic/store-contract';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { createFlakyEmbedder } from '../doubles/flaky-embedder.js';
import { reliabilityDatabase } from './reliability-database.js';
import { type StoreUnderTest, storeUnderTest } from './store-under-test.js';

/** The application name the store's connections carry, so a test can find and kill them. */
export const storeApplicationName = 'symfonic_reliability_store';

/** The PostgreSQL store of a test file, with the URL of its database. */
export interface PostgresUnderTest extends StoreUnderTest {
  /** The database's URL (without the application name). */
  readonly url: string;
}

/**
 * The Drizzle store on PostgreSQL through node-postgres, in the database
 * `symfonic_reliability` (created from `DATABASE_URL`). It is given the
 * test embedder; without pgvector on the server it ranks lexically and never
 * calls it, so `embedder` is reported only when the server has pgvector.
 *
 * @returns `undefined` when `DATABASE_URL` is not set.
 */
export async function openPostgresUnderTest(): Promise<PostgresUnderTest | undefined> {
  const url = await reliabilityDatabase('symfonic_reliability');
  if (!url) return undefined;
  const connection = new URL(url);
  connection.searchParams.set('application_name', storeApplicationName);
  const embedder = createFlakyEmbedder(createTestEmbedder());
  const store = await openNodePostgresStore({ connectionString: connection.toString(), embedder });
  const underTest = storeUnderTest('postgresql', store, store.vectors ? { embedder } : {});
  return { ...underTest, url };
}

/** The line printed when the PostgreSQL half of the suite is skipped. */
export const postgresSkipReason =
  'reliability on PostgreSQL: skipped because DATABASE_URL is not set (CI sets it to a real PostgreSQL server)';
