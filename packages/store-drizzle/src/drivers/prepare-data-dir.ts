import { constants } from 'node:fs';
import { access, mkdir, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { toMemoryUnavailable } from '../database/to-memory-unavailable.js';
import { lockFileName } from './data-dir-lock.js';
import { DataDirUnavailable } from './data-dir-unavailable.js';

/** The file PostgreSQL (and so PGlite) writes first in a data folder it initialises. */
const versionFileName = 'PG_VERSION';

/**
 * The folder, inside a data folder, that a new database's files are written
 * into before they are moved in place (see `extractPGliteTemplate`). A folder
 * holding only it (and the lock) is still an empty data folder: a process
 * that died while writing them left it, and the next opener replaces it.
 */
export const templateStagingName = 'symfonic-template.staging';

/**
 * Make `dataDir` ready for PGlite: resolve it to an absolute path, create it
 * and every missing folder above it, and check that it is a folder this
 * process may write that is either empty (PGlite initialises it; a
 * new database's files left half-written by a dead process count as empty) or a
 * PGlite database (it holds `PG_VERSION`). A folder holding other files is
 * refused before anything is written into it.
 *
 * @returns the absolute path of the folder.
 * @throws DataDirUnavailable `missing`, `not-a-folder`, `not-writable` or `not-a-pglite-folder`.
 * @throws MemoryUnavailable for any other failure of the file system.
 */
export async function prepareDataDir(dataDir: string): Promise<string> {
  const folder = resolve(dataDir);
  const failure = (error: unknown) =>
    DataDirUnavailable.fromFileSystem(folder, error) ??
    toMemoryUnavailable(error, `prepare the PGlite folder ${folder}`);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw failure(error);
  }
  let entries: string[];
  try {
    if (!(await stat(folder)).isDirectory()) throw new DataDirUnavailable(folder, 'not-a-folder');
    await access(folder, constants.W_OK);
    entries = await readdir(folder);
  } catch (error) {
    if (DataDirUnavailable.isInstance(error)) throw error;
    throw failure(error);
  }
  const others = entries.filter(
    (entry) => !entry.startsWith(lockFileName) && entry !== templateStagingName,
  );
  if (others.length > 0 && !others.includes(versionFileName)) {
    throw new DataDirUnavailable(folder, 'not-a-pglite-folder', {
      detail: `${others.length} entries and no ${versionFileName} file`,
    });
  }
  return folder;
}

/**
 * Whether `folder` (one {@link prepareDataDir} accepted) holds a database
 * already, rather than being empty. Ask while holding the folder's lock, so
 * that no other opener initialises it in between.
 *
 * @throws MemoryUnavailable when the file system fails otherwise than by the file's absence.
 */
export async function holdsPGliteDatabase(folder: string): Promise<boolean> {
  try {
    await access(join(folder, versionFileName));
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return false;
    throw toMemoryUnavailable(error, `read the PGlite folder ${folder}`);
  }
}
