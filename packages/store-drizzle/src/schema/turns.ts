import { sql } from 'drizzle-orm';
import { bigint, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { scopeColumns } from './scope-columns.js';
import { symfonicSchema } from './symfonic-schema.js';

/**
 * The conversation log. A turn id is logged once per scope (`turns_once`),
 * so a retried append is a no-op. `recent` reads a scope's last turns through
 * `turns_recent`.
 */
export const turns = symfonicSchema.table(
  'turns',
  {
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    ...scopeColumns(),
    /**
     * The scope's path segments, as written, so the scope list and the turn
     * feed name a conversation that holds turns only. Null only on rows
     * written before they existed whose scope no memory names.
     */
    path: text('path').array(),
    turnId: text('turn_id').notNull(),
    speaker: text('speaker').notNull(),
    text: text('text').notNull(),
    turn: integer('turn').notNull(),
    loggedAt: timestamp('logged_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('turns_once').on(table.tenant, table.scopeKey, table.turnId),
    index('turns_recent').on(table.tenant, table.scopeKey, table.turn, table.sequence),
    index('turns_ancestor_keys').using('gin', table.ancestorKeys),
    index('turns_feed').on(
      table.tenant,
      sql`${table.path} collate "C"`,
      table.turn,
      table.sequence,
    ),
  ],
);
