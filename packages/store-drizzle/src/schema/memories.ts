import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { scopeColumns } from './scope-columns.js';
import { symfonicSchema } from './symfonic-schema.js';
import { tsvector } from './tsvector.js';

/**
 * The lowest salience the pinned-fact indexes hold: pinned facts asked for
 * at or above it are read from them, below it through the general indexes
 * (every memory of the visible scopes). The default pinned threshold of
 * hydration, 0.9.
 */
export const salientIndexFloor = 0.9;

/**
 * Live memories, one row each. A deleted memory leaves this table (its
 * tombstone stays in `memory_versions`). `dedup` is the uniqueness that backs
 * deduplication: one live memory per scope, layer and normalised text, so
 * concurrent identical adds cannot both land. `search` is the full-text
 * vector PostgreSQL maintains itself (English configuration: stems, drops
 * stop words) of the text, weight `A`, and of the context, weight `B`,
 * behind a GIN index together with the row's placement keys
 * (`memories_scoped_search`, see `placementKeys`: a word searched at a scope
 * reads the entries the scope and the word share, not every holder of the
 * word in the tenant); `memories_recent` lets a search for
 * common words read the most recently updated memories first. Pinned facts
 * (salient semantic memories, salience at or above {@link salientIndexFloor})
 * are read through `memories_salient` (at a scope and its ancestors) and
 * `memories_salient_below` (the scopes strictly below a scope: each row's
 * ancestor keys without its own). The GIN
 * indexes read by every retrieval write each entry in place (`fastupdate`
 * off): a pending list of unmerged entries, which bulk writes build up until
 * a vacuum, would otherwise be scanned in full by every search.
 */
export const memories = symfonicSchema.table(
  'memories',
  {
    id: text('id').primaryKey(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    ...scopeColumns(),
    /** The scope's path segments, as written (the key is a digest and cannot give them back). */
    path: text('path').array().notNull(),
    layer: text('layer').$type<'episodic' | 'semantic'>().notNull(),
    text: text('text').notNull(),
    /** Searched beside the text with less weight, never rendered; null when none was written. */
    context: text('context'),
    textHash: text('text_hash').notNull(),
    salience: doublePrecision('salience').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    writer: text('writer').notNull(),
    turnId: text('turn_id'),
    replyFamily: text('reply_family'),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The vectors this memory has, one key per embedding model and dimension
     * (`VectorIndex.key`), written in the same transaction as the vectors
     * themselves and emptied when the text changes. It is what lets a store find
     * the memories without a vector of its model through a per-model partial
     * index that is empty once every memory has one.
     */
    vectorModels: text('vector_models').array().notNull().default(sql`'{}'::text[]`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("context", '')), 'B')`,
      ),
  },
  (table) => [
    uniqueIndex('memories_dedup').on(table.tenant, table.scopeKey, table.layer, table.textHash),
    uniqueIndex('memories_sequence').on(table.sequence),
    index('memories_recent').on(table.tenant, table.updatedAt),
    index('memories_ancestor_keys').using('gin', table.ancestorKeys).with({ fastupdate: false }),
    index('memories_scoped_search')
      .using('gin', sql`(${table.ancestorKeys} || array['=' || ${table.scopeKey}])`, table.search)
      .with({ fastupdate: false }),
    index('memories_salient')
      .on(table.tenant, table.scopeKey, table.updatedAt.desc().nullsFirst(), table.id)
      .where(
        sql`${table.layer} = 'semantic' and ${table.salience} >= ${sql.raw(String(salientIndexFloor))}`,
      ),
    index('memories_salient_below')
      .using('gin', sql`trim_array(${table.ancestorKeys}, 1)`)
      .with({ fastupdate: false })
      .where(
        sql`${table.layer} = 'semantic' and ${table.salience} >= ${sql.raw(String(salientIndexFloor))}`,
      ),
    check('memories_layer', sql`${table.layer} in ('episodic', 'semantic')`),
    check('memories_salience', sql`${table.salience} >= 0 and ${table.salience} <= 1`),
  ],
);
