import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { EmbeddingProvider, MemoryStore } from '@symfonic/core';
import { createDrizzleStore } from '@symfonic/store-drizzle';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type NotesPlan, seedNotes } from './seed-notes.js';

/** A store {@link bulkSeededPGlite} opened, how to close it, and how long its open took. */
export interface BulkSeededPGlite {
  readonly store: MemoryStore;
  /** Close the store and remove its folder. */
  readonly close: () => Promise<void>;
  /** How long `openPGliteStore` took on the seeded folder, in ms. */
  readonly openMs: number;
}

/**
 * An embedded PGlite store (`openPGliteStore`, with `embedder` when given)
 * holding `plan`'s notes, seeded as a bulk load is: in a new folder, the
 * store's schema is made by a first open; then, over PGlite opened on the
 * folder, every index of the store's schema that no write needs (all but the
 * unique ones: the full-text GIN indexes, the vector index, the partial
 * B-trees) is dropped, the notes are restored through a store over that
 * database (the same rows a restore writes), and the indexes are built again
 * from their definitions, each built once instead of row by row; the store
 * is then opened on the folder (`openMs`: how long that open took). `close`
 * closes the store and removes the folder. PGlite's WebAssembly inserts
 * rows into an HNSW index several times slower than it builds the index
 * over the same rows (about 8 s against 2 s for 3 000 vectors of 384
 * dimensions), hence the order.
 */
export async function bulkSeededPGlite(
  plan: NotesPlan,
  embedder?: EmbeddingProvider,
): Promise<BulkSeededPGlite> {
  const folder = await mkdtemp(join(tmpdir(), 'symfonic-bench-'));
  const options = { dataDir: folder, ...(embedder ? { embedder } : {}) };
  try {
    await (await openPGliteStore(options)).close();
    const client = await PGlite.create(folder, { extensions: { vector } });
    try {
      const seeding = await createDrizzleStore({ db: drizzle({ client }), ...options });
      const { rows: indexes } = await client.query<{ name: string; definition: string }>(
        `select index_class.relname as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index as i
         join pg_class as index_class on index_class.oid = i.indexrelid
         join pg_namespace as n on n.oid = index_class.relnamespace
         where n.nspname = 'symfonic' and not i.indisunique`,
      );
      for (const { name } of indexes) await client.exec(`drop index symfonic."${name}"`);
      await seedNotes(seeding, { ...plan, through: 'restore' });
      await seeding.close();
      await client.exec(`set maintenance_work_mem = '512MB'`);
      for (const { definition } of indexes) await client.exec(definition);
      await client.exec('analyze');
    } finally {
      await client.close();
    }
    const started = performance.now();
    const store = await openPGliteStore(options);
    const openMs = performance.now() - started;
    const close = async () => {
      try {
        await store.close();
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    };
    return { store, close, openMs };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
