import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { scopeColumns } from './scope-columns.js';
import { symfonicSchema } from './symfonic-schema.js';

/**
 * Every change to every memory: `created`, `updated`, and `deleted` (a
 * tombstone keeping the last text). Rows are only ever inserted, except by
 * `forget`, which erases a scope's history with its memories. The change
 * feed reads them in its order (time, memory id under the `"C"` collation,
 * version) through `memory_versions_feed`.
 */
export const memoryVersions = symfonicSchema.table(
  'memory_versions',
  {
    memoryId: text('memory_id').notNull(),
    version: integer('version').notNull(),
    ...scopeColumns(),
    /**
     * The scope's path segments, as written, so the change feed names the
     * scope of a deleted memory (whose `memories` row is gone). Null only on
     * rows written before the feed existed whose scope no memory names.
     */
    path: text('path').array(),
    change: text('change').$type<'created' | 'updated' | 'deleted'>().notNull(),
    layer: text('layer').$type<'episodic' | 'semantic'>().notNull(),
    text: text('text').notNull(),
    context: text('context'),
    salience: doublePrecision('salience').notNull(),
    writer: text('writer').notNull(),
    turnId: text('turn_id'),
    replyFamily: text('reply_family'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'memory_versions_pk', columns: [table.memoryId, table.version] }),
    index('memory_versions_ancestor_keys').using('gin', table.ancestorKeys),
    index('memory_versions_feed').on(
      table.tenant,
      table.at,
      sql`${table.memoryId} collate "C"`,
      table.version,
    ),
    check('memory_versions_change', sql`${table.change} in ('created', 'updated', 'deleted')`),
  ],
);
