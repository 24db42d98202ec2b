import type { MemoryRow } from './memory-columns.js';

/** A copy of `row` a caller may change without changing the row it was copied from (the read index's). */
export function copyRow(row: MemoryRow): MemoryRow {
  return {
    ...row,
    path: [...row.path],
    metadata: row.metadata === null ? null : structuredClone(row.metadata),
    createdAt: new Date(row.createdAt.getTime()),
    updatedAt: new Date(row.updatedAt.getTime()),
  };
}
