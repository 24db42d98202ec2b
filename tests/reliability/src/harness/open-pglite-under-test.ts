import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createTestEmbedder } from '@symfonic/store-contract';
import { createDrizzleStore } from '@symfonic/store-drizzle';
import { drizzle } from 'drizzle-orm/pglite';
import { createFlakyEmbedder } from '../doubles/flaky-embedder.js';
import { type StatementTap, tapStatements } from './statement-tap.js';
import { type StoreUnderTest, storeUnderTest } from './store-under-test.js';

/** The PGlite store of a test file, with what the crash tests need to reach under it. */
export interface PGliteUnderTest extends StoreUnderTest {
  /** The directory PGlite keeps its files in (removed on close). */
  readonly dataDirectory: string;
  /** Sees every statement the store sends, before PGlite runs it. */
  readonly tap: StatementTap;
}

/**
 * Open an on-disk PGlite with pgvector in `dataDirectory` (a cold start
 * takes seconds; reopening a directory, under one).
 */
export function openPGlite(dataDirectory: string): Promise<PGlite> {
  return PGlite.create({ dataDir: dataDirectory, extensions: { vector } });
}

/**
 * The Drizzle store on one on-disk PGlite with pgvector, in a fresh temporary
 * directory, embedding with the contract's test embedder behind a
 * `createFlakyEmbedder` switch. On disk, so that a copy of its files taken
 * mid-transaction is the image a crash would leave. Open one per test file.
 */
export async function openPGliteUnderTest(): Promise<PGliteUnderTest> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'symfonic-reliability-'));
  const pglite = await openPGlite(dataDirectory);
  const { client, tap } = tapStatements(pglite);
  const embedder = createFlakyEmbedder(createTestEmbedder());
  const store = await createDrizzleStore({ db: drizzle({ client }), embedder });
  const underTest = storeUnderTest('pglite', store, {
    embedder,
    release: async () => {
      await pglite.close();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  });
  return { ...underTest, dataDirectory, tap };
}
