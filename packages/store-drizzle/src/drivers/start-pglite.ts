import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { resultRows } from '../rows/result-rows.js';
import { lockFileName } from './data-dir-lock.js';
import { extractPGliteTemplate, readPGliteTemplate } from './pglite-template.js';

/** What {@link startPGlite} starts. */
export interface PGliteStart {
  /** The folder (absolute, locked by the caller); in memory when absent. */
  readonly dataDir?: string;
  /** Whether the folder already holds a database (always `false` in memory). */
  readonly existing: boolean;
  /** Whether the store will rank by vectors (it has an embedder). */
  readonly vectors: boolean;
  /** The pre-migrated data folder new databases start from (see `pgliteTemplatePath`). */
  readonly templatePath: string;
}

/** How PGlite was started, for the opener's own accounting and the benchmark. */
export interface StartedPGlite {
  readonly client: PGlite;
  /** How the database came to be: `template` (loaded), `initdb` (initialised and to be migrated) or `existing`. */
  readonly origin: 'template' | 'initdb' | 'existing';
  /** Whether pgvector's library is loaded. */
  readonly vector: boolean;
  /** How many times PGlite was started: 2 when a start without pgvector found that the database needs it. */
  readonly starts: number;
}

/**
 * Whether a database PGlite started without pgvector needs its library: it
 * has an index of one of pgvector's access methods (HNSW, IVFFlat: a store
 * opened with an embedder made one, and deleting a memory touches it), or it
 * was never migrated (the store's first migration creates the extension only
 * where the library is loaded, and a store opened later with an embedder
 * could not add it).
 */
async function needsPgvector(client: PGlite): Promise<boolean> {
  const [row] = resultRows<{ needed: boolean }>(
    await client.query(`
      select to_regclass('drizzle.__symfonic_migrations') is null
        or exists (
          select 1 from pg_class as class join pg_am as method on method.oid = class.relam
          where method.amname in ('hnsw', 'ivfflat')
        ) as needed`),
  );
  return row?.needed === true;
}

/** Remove what a failed start wrote into a folder that was empty before it (the lock stays). */
async function emptyFolder(folder: string): Promise<void> {
  for (const entry of await readdir(folder)) {
    if (!entry.startsWith(lockFileName)) await rm(join(folder, entry), { recursive: true });
  }
}

function create(dataDir: string | undefined, withVector: boolean, loadDataDir?: File) {
  return PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(withVector ? { extensions: { vector } } : {}),
  });
}

/**
 * PGlite started on a new database copied from the template: a folder gets
 * the template's files written by Node (see `extractPGliteTemplate`) and
 * PGlite starts on them as on any existing folder; a database in memory is
 * loaded by PGlite. `undefined` when there is no usable template.
 *
 * @throws whatever the file system or PGlite throws; the caller empties the folder.
 */
async function startFromTemplate(
  dataDir: string | undefined,
  withVector: boolean,
  templatePath: string,
): Promise<PGlite | undefined> {
  if (dataDir === undefined) {
    const template = await readPGliteTemplate(templatePath);
    return template && create(undefined, withVector, template);
  }
  if (!(await extractPGliteTemplate(templatePath, dataDir))) return undefined;
  return create(dataDir, withVector);
}

/**
 * Start PGlite for a store, doing as little as the database allows:
 *
 * - a new database (an empty folder, or in memory) is loaded from the
 *   package's pre-migrated template instead of being initialised and
 *   migrated; without a template, or when this PGlite cannot start from it
 *   (another PostgreSQL major version), it is initialised as before, with
 *   pgvector so that the first migration can create the extension;
 * - pgvector's library is loaded only for a store with an embedder, or for a
 *   database that needs it (see {@link needsPgvector}): PGlite is then
 *   started again with it, once.
 *
 * @throws whatever PGlite throws; the opener translates it.
 */
export async function startPGlite(start: PGliteStart): Promise<StartedPGlite> {
  const { dataDir, vectors } = start;
  if (!start.existing) {
    try {
      const client = await startFromTemplate(dataDir, vectors, start.templatePath);
      if (client) return { client, origin: 'template', vector: vectors, starts: 1 };
    } catch {
      if (dataDir !== undefined) await emptyFolder(dataDir);
    }
    return { client: await create(dataDir, true), origin: 'initdb', vector: true, starts: 1 };
  }
  const client = await create(dataDir, vectors);
  if (vectors) return { client, origin: 'existing', vector: true, starts: 1 };
  let needed: boolean;
  try {
    needed = await needsPgvector(client);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  if (!needed) return { client, origin: 'existing', vector: false, starts: 1 };
  await client.close();
  return { client: await create(dataDir, true), origin: 'existing', vector: true, starts: 2 };
}
