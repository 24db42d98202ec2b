import { text } from 'drizzle-orm/pg-core';

/**
 * The columns that place a row in a scope, shared by every table:
 * - `tenant`: the scope's tenant, compared first in every statement;
 * - `scope_key`: the scope's key (see `scopeKey`), equal only for the same scope;
 * - `ancestor_keys`: the keys of the scope and of each of its ancestors.
 *
 * Visibility and erasure are then equality and containment tests on indexed
 * columns, never a prefix `LIKE` (which `user:1` against `user:10` defeats).
 */
export function scopeColumns() {
  return {
    tenant: text('tenant').notNull(),
    scopeKey: text('scope_key').notNull(),
    ancestorKeys: text('ancestor_keys').array().notNull(),
  };
}
