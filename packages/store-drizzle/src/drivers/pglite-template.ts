import { File } from 'node:buffer';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateStore } from '../database/migrate-store.js';

/**
 * Where the package keeps its pre-migrated PGlite data folder, a gzipped tar
 * (`dist/pglite-template.tar.gz`, about 5 MiB). The package's build writes it
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
 * @returns the size of the file in bytes.
 */
export async function writePGliteTemplate(path: string): Promise<number> {
  const client = await PGlite.create({ extensions: { vector } });
  try {
    await migrateStore(drizzle({ client }));
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
 * The template at `path` as PGlite's `loadDataDir` takes it, decompressed
 * here (PGlite's own decompression reports a broken file as an unhandled
 * rejection besides its thrown error); `undefined` when there is no such file
 * or it is not gzip, so that the database is initialised instead.
 *
 * @throws whatever reading the file throws, but for its absence.
 */
export async function readPGliteTemplate(path: string): Promise<File | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  let tar: Buffer;
  try {
    tar = await gunzipped(bytes);
  } catch {
    return undefined;
  }
  return new File([tar], templateFileName, { type: templateFileType });
}
