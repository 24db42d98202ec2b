import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateStore, storeMigrations } from '../database/migrate-store.js';
import { writePGliteTemplate } from './pglite-template.js';
import { holdsPGliteDatabase, prepareDataDir, templateStagingName } from './prepare-data-dir.js';
import { startPGlite } from './start-pglite.js';

const directory = mkdtempSync(join(tmpdir(), 'symfonic-start-pglite-'));
const templatePath = join(directory, 'template.tar.gz');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * Everything of a database's schema a store relies on, in a stable order:
 * the store's tables and columns, indexes, constraints, functions, the
 * extensions and the recorded migrations.
 */
async function schemaOf(client: PGlite): Promise<Record<string, unknown[]>> {
  const rows = async (query: string) => (await client.query(query)).rows;
  return {
    columns: await rows(`
      select table_schema, table_name, column_name, data_type, udt_name, column_default,
        is_nullable, generation_expression
      from information_schema.columns where table_schema in ('symfonic', 'drizzle')
      order by 1, 2, 3`),
    indexes: await rows(`
      select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname in ('symfonic', 'drizzle') order by 1, 2, 3`),
    constraints: await rows(`
      select conrelid::regclass::text as relation, conname, pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace in ('symfonic'::regnamespace, 'drizzle'::regnamespace)
      order by 1, 2`),
    functions: await rows(`
      select proname, pg_get_functiondef(oid) as definition from pg_proc
      where pronamespace = 'symfonic'::regnamespace order by 1, 2`),
    extensions: await rows('select extname, extversion from pg_extension order by 1'),
    migrations: await rows(
      'select hash, created_at from drizzle.__symfonic_migrations order by id',
    ),
  };
}

describe('the pre-migrated PGlite template', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    await writePGliteTemplate(templatePath);
  }, 300_000);

  it('holds the schema of a database initialised and migrated from scratch', async () => {
    const fresh = await PGlite.create({ extensions: { vector } });
    const loaded = await startPGlite({ existing: false, vectors: true, templatePath });
    try {
      await migrateStore(drizzle({ client: fresh }));
      expect(loaded.origin).toBe('template');
      const expected = await schemaOf(fresh);
      expect(expected.migrations).toHaveLength(storeMigrations().length);
      expect(await schemaOf(loaded.client)).toEqual(expected);
    } finally {
      await fresh.close();
      await loaded.client.close();
    }
  });

  it('starts a new folder from it without pgvector, and starts again with pgvector once the folder has a vector index', async () => {
    const dataDir = join(directory, 'folder');
    mkdirSync(dataDir);
    const created = await startPGlite({ dataDir, existing: false, vectors: false, templatePath });
    expect([created.origin, created.vector, created.starts]).toEqual(['template', false, 1]);
    await created.client.close();

    const plain = await startPGlite({ dataDir, existing: true, vectors: false, templatePath });
    expect([plain.origin, plain.vector, plain.starts]).toEqual(['existing', false, 1]);
    await plain.client.close();

    const withVectors = await startPGlite({ dataDir, existing: true, vectors: true, templatePath });
    expect(withVectors.vector).toBe(true);
    await withVectors.client.exec(
      `create index memory_embeddings_probe on symfonic.memory_embeddings
       using hnsw ((embedding::vector(3)) vector_cosine_ops) where dimensions = 3`,
    );
    await withVectors.client.close();

    const again = await startPGlite({ dataDir, existing: true, vectors: false, templatePath });
    try {
      expect([again.vector, again.starts]).toEqual([true, 2]);
      // Deleting rows of a table with an HNSW index needs pgvector's library.
      await again.client.exec('delete from symfonic.memory_embeddings');
    } finally {
      await again.client.close();
    }
  });

  it('starts a new folder over the half-written template a dead process left, and leaves no staging folder', async () => {
    const dataDir = join(directory, 'interrupted');
    mkdirSync(join(dataDir, templateStagingName, 'base'), { recursive: true });
    writeFileSync(join(dataDir, templateStagingName, 'base', 'half'), 'half a file');
    expect(await prepareDataDir(dataDir)).toBe(dataDir);
    expect(await holdsPGliteDatabase(dataDir)).toBe(false);
    const started = await startPGlite({ dataDir, existing: false, vectors: false, templatePath });
    try {
      expect(started.origin).toBe('template');
      expect(readdirSync(dataDir)).not.toContain(templateStagingName);
      expect(await migrateStore(drizzle({ client: started.client }))).toEqual({ applied: 0 });
    } finally {
      await started.client.close();
    }
  });

  it('initialises and migrates a new database, with pgvector, when the template cannot be read as one', async () => {
    const broken = join(directory, 'broken.tar.gz');
    writeFileSync(broken, 'not a tarball');
    const dataDir = join(directory, 'fallback');
    mkdirSync(dataDir);
    const started = await startPGlite({
      dataDir,
      existing: false,
      vectors: false,
      templatePath: broken,
    });
    try {
      expect([started.origin, started.vector]).toEqual(['initdb', true]);
      expect(await migrateStore(drizzle({ client: started.client }))).toEqual({
        applied: storeMigrations().length,
      });
    } finally {
      await started.client.close();
    }
  });
});
