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
  ],
);
