import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDrizzleStore } from '../create-drizzle-store.js';
import { toMemoryUnavailable } from '../database/to-memory-unavailable.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { type RankingOptions, rankingOptionsOf } from '../ranking-options.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { pgliteTemplatePath } from './pglite-template.js';
import { pgliteTsvectorText } from './pglite-tsvector-text.js';
import { holdsPGliteDatabase, prepareDataDir } from './prepare-data-dir.js';
import { startPGlite } from './start-pglite.js';

export {
  type DataDirHolder,
  type DataDirProblem,
  DataDirUnavailable,
} from './data-dir-unavailable.js';

/** Options of {@link openPGliteStore}. */
export interface PGliteStoreOptions extends RankingOptions {
  /**
   * A folder to keep the database in (created with every missing folder
   * above it); in memory (gone on close) when absent. One store at a time
   * may have a folder open, in any process.
   */
  readonly dataDir?: string;
}

/**
 * Open a memory store on embedded PGlite (PostgreSQL in WebAssembly, in this
 * process, with pgvector): no server and no set-up. On disk in `dataDir`
 * when given, in memory otherwise. A new database starts from the package's
 * pre-migrated template, an existing one is migrated only when it is behind,
 * and pgvector is loaded only with an embedder or for a database that has
 * vector indexes. Opening still starts PostgreSQL in WebAssembly (most of a
 * second), so open one store per process and share it. `close()` closes
 * PGlite and releases the folder.
 *
 * PGlite is a single-user database: two processes writing one folder
 * corrupt it. So the store takes the folder for itself with a lock file
 * (`symfonic.lock`, inside it) before PGlite starts: opening a folder that
 * another live process, or another store of this process, has open fails at
 * once; a lock left by a process that is gone (crashed, killed) is recovered.
 * The store is then its database's only writer, so it keeps each scope's
 * pinned facts in process until its next write.
 *
 * @throws InvalidMemoryInput when the embedder, `scanBudget` or `fusionWeights` is unusable.
 * @throws DataDirUnavailable (a `MemoryUnavailable`) naming the folder and the
 * problem: `missing`, `not-a-folder`, `not-writable`, `not-a-pglite-folder`
 * (a folder holding other files, left untouched), or `locked` (naming the holder's pid and host).
 * @throws MemoryUnavailable when PGlite cannot start or migrate (naming the folder).
 */
export async function openPGliteStore(
  options: PGliteStoreOptions = {},
): Promise<DrizzleMemoryStore> {
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  let existing = false;
  if (options.dataDir !== undefined) {
    dataDir = await prepareDataDir(options.dataDir);
    lock = await acquireDataDirLock(dataDir);
    try {
      existing = await holdsPGliteDatabase(dataDir);
    } catch (error) {
      await lock.release().catch(() => undefined);
      throw error;
    }
  }
  const where = dataDir === undefined ? 'in memory' : `in ${dataDir}`;
  let client: PGlite;
  try {
    ({ client } = await startPGlite({
      ...(dataDir === undefined ? {} : { dataDir }),
      existing,
      vectors: options.embedder !== undefined,
      templatePath: pgliteTemplatePath,
    }));
  } catch (error) {
    await lock?.release().catch(() => undefined);
    throw toMemoryUnavailable(error, `start PGlite ${where}`);
  }
  const release = async () => {
    try {
      await client.close();
    } finally {
      await lock?.release();
    }
  };
  try {
    // This process started this PGlite and holds its folder: the store is its only writer.
    return await openDrizzleStore(
      { db: drizzle({ client }), ...rankingOptionsOf(options), onClose: release },
      { soleWriter: true, tsvectorText: pgliteTsvectorText(client) },
    );
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}
