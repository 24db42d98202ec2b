import { File } from 'node:buffer';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
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

/** The file name PGlite reads a gzipped data folder under (it decides by the name's ending). */
const templateFileName = 'pgdata.tar.gz';

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
 * The template at `path` as PGlite's `loadDataDir` takes it, `undefined` when
 * there is no such file.
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
  return new File([bytes], templateFileName, { type: 'application/x-gzip' });
}
