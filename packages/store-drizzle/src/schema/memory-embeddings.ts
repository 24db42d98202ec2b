import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { memories } from './memories.js';
import { scopeColumns } from './scope-columns.js';
import { symfonicSchema } from './symfonic-schema.js';

/**
 * One vector per memory and embedding model. The vector is a plain `real[]`
 * so that this table exists on every PostgreSQL, pgvector or not; where
 * pgvector is present the store adds, per model and dimension, a partial HNSW
 * index on `embedding::vector(n)` (cosine), and queries that same expression.
 * The scope and layer are copied from the memory (both never change) so the
 * vector search filters on this table alone. The key names the tenant
 * (`memory_id, model, tenant`), as the store's upserts of vectors do, so the
 * same statements hold on tables partitioned by tenant; it leads with the
 * memory id, so the cascade from a deleted memory finds its vectors by it.
 * `memory_embeddings_placement_keys` indexes the keys a vector is visible
 * through (see `placementKeys`), so the vectors of one scope of a large
 * tenant can be read by themselves and compared exactly, where the HNSW
 * graph of the whole tenant would be walked past every other scope's.
 */
export const memoryEmbeddings = symfonicSchema.table(
  'memory_embeddings',
  {
    memoryId: text('memory_id').notNull(),
    model: text('model').notNull(),
    dimensions: integer('dimensions').notNull(),
    ...scopeColumns(),
    layer: text('layer').$type<'episodic' | 'semantic'>().notNull(),
    embedding: real('embedding').array().notNull(),
  },
  (table) => [
    primaryKey({
      name: 'memory_embeddings_pk',
      columns: [table.memoryId, table.model, table.tenant],
    }),
    foreignKey({
      name: 'memory_embeddings_memory',
      columns: [table.memoryId],
      foreignColumns: [memories.id],
    }).onDelete('cascade'),
    index('memory_embeddings_ancestor_keys').using('gin', table.ancestorKeys),
    index('memory_embeddings_placement_keys').using(
      'gin',
      sql`(${table.ancestorKeys} || array['=' || ${table.scopeKey}])`,
    ),
  ],
);
