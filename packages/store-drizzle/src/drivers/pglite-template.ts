import { File } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateStore } from '../database/migrate-store.js';
import { templateStagingName } from './prepare-data-dir.js';
import { type TarEntry, tarEntries } from './tar-entries.js';

/**
 * Where the package keeps its pre-migrated PGlite data folder, a gzipped tar
 * (`dist/pglite-template.tar.gz`, about 3 MiB). The package's build writes it
 * (`node dist/drivers/build-pglite-template.js`, after `tsc`); a checkout
 * that has only run `tsc` has none, and new databases are then initialised
 * and migrated from scratch.
 */
export const pgliteTemplatePath = fileURLToPath(
  new URL('../pglite-template.tar.gz', import.meta.url),
);

/**
 * The file name and type PGlite reads an uncompressed data folder under (it
 * decides by them whether to decompress).
 */
const templateFileName = 'pgdata.tar';
const templateFileType = 'application/x-tar';

const gunzipped = promisify(gunzip);

/**
 * Write a pre-migrated PGlite data folder to `path`: PGlite initialises a
 * database in memory with pgvector, every migration of the store is applied,
 * a checkpoint flushes it, and the folder is dumped as a gzipped tar. The file
 * appears whole or not at all (it is written beside `path`, then renamed).
 *
 * The folder is kept small, since every new database writes all of it: WAL
 * segments of 1 MiB instead of 16 (an `initdb` option; PostgreSQL reads the
 * size from the folder), and without `template0`, the pristine copy that
 * only `CREATE DATABASE … TEMPLATE template0` reads (the store never creates
 * databases; `template1` stays, for a plain `CREATE DATABASE`).
 *
 * @returns the size of the file in bytes.
 */
export async function writePGliteTemplate(path: string): Promise<number> {
  const client = await PGlite.create({
    extensions: { vector },
    initDbStartParams: ['--wal-segsize=1'],
  });
  try {
    await migrateStore(drizzle({ client }));
    await client.exec(`update pg_database set datistemplate = false where datname = 'template0'`);
    await client.exec('drop database template0');
    await client.exec('checkpoint');
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    const draft = `${path}.${process.pid}.draft`;
    await writeFile(draft, tarball);
    await rename(draft, path);
    return tarball.byteLength;
  } finally {
    await client.close();
  }
}

/**
 * The template at `path` decompressed into its tar archive; `undefined` when
 * there is no such file or it is not gzip.
 *
 * @throws whatever reading the file throws, but for its absence.
 */
async function readTemplateArchive(path: string): Promise<Buffer | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return await gunzipped(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The template at `path` as PGlite's `loadDataDir` takes it (for a database
 * in memory), decompressed here (PGlite's own decompression reports a broken
 * file as an unhandled rejection besides its thrown error); `undefined` when
 * there is no such file or it is not gzip, so that the database is
 * initialised instead.
 *
 * @throws whatever reading the file throws, but for its absence.
 */
export async function readPGliteTemplate(path: string): Promise<File | undefined> {
  const tar = await readTemplateArchive(path);
  return tar && new File([tar], templateFileName, { type: templateFileType });
}

/** The file PostgreSQL reads first in a data folder: moved in last, so that a folder holding it is whole. */
const versionFileName = 'PG_VERSION';

/**
 * Write the template at `path` into `folder`, an empty data folder, with
 * Node's own file system (PGlite's `loadDataDir` writes each file through
 * its WebAssembly file system, several times slower on disk). The files are
 * written into {@link templateStagingName} inside `folder`, then each
 * top-level entry is renamed into place, `PG_VERSION` last: until that last
 * rename the folder does not count as holding a database.
 *
 * @returns `false`, writing nothing, when there is no template or it is not
 * a gzipped tar of plain files and folders (the database is then initialised).
 * @throws whatever the file system throws; the caller empties the folder.
 */
export async function extractPGliteTemplate(path: string, folder: string): Promise<boolean> {
  const archive = await readTemplateArchive(path);
  if (!archive) return false;
  let entries: TarEntry[];
  try {
    entries = tarEntries(archive);
  } catch {
    return false;
  }
  if (!entries.some((entry) => entry.kind === 'file' && entry.path === versionFileName)) {
    return false;
  }
  const staging = join(folder, templateStagingName);
  await rm(staging, { recursive: true, force: true });
  // Written synchronously, as PGlite's own start runs: about a thousand small
  // files, where handing each write to Node's I/O threads costs more CPU than the write.
  const folders = new Set<string>();
  const ensureFolder = (path: string, mode = 0o700) => {
    if (folders.has(path)) return;
    mkdirSync(path, { recursive: true, mode });
    folders.add(path);
  };
  ensureFolder(staging);
  for (const entry of entries) {
    const target = join(staging, entry.path);
    if (entry.kind === 'folder') {
      ensureFolder(target, entry.mode);
    } else {
      ensureFolder(dirname(target));
      writeFileSync(target, entry.data, { mode: entry.mode, flag: 'wx' });
    }
  }
  const topLevel = (await readdir(staging)).sort(
    (a, b) => Number(a === versionFileName) - Number(b === versionFileName),
  );
  for (const name of topLevel) await rename(join(staging, name), join(folder, name));
  await rm(staging, { recursive: true, force: true });
  return true;
}
