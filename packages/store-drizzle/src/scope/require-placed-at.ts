import { type MemoryScope, ScopeViolation, scopeSeparator } from '@symfonic/core';
import { type ScopePlacement, scopePlacement } from './scope-placement.js';

/** A memory row as a write reads it back: its id and the scope the database answered. */
export interface ReadBackRow {
  readonly id: string;
  readonly tenant: string;
  readonly path: readonly string[];
}

/**
 * Check that the scope the database answered for a row just written is the
 * one the row was placed at. A write places every row (memory, version,
 * vector) from the scope it was given, never from what the database hands
 * back; a database that answers another scope (a driver that turned a
 * character into U+FFFD, say) has stored something other than what was
 * written, and the write must fail rather than go on from that answer.
 *
 * @throws ScopeViolation naming the row, the scope read back and the scope
 * written, when they differ; the caller's transaction then rolls back.
 */
export function requirePlacedAt(
  row: ReadBackRow,
  placement: ScopePlacement,
  written: MemoryScope,
): void {
  const readBack = scopePlacement({ tenant: row.tenant, path: [...row.path] });
  if (readBack.tenant === placement.tenant && readBack.scopeKey === placement.scopeKey) return;
  throw new ScopeViolation({
    rowId: row.id,
    rowScope: [row.tenant, ...row.path].join(scopeSeparator),
    queryScope: [written.tenant, ...written.path].join(scopeSeparator),
  });
}
