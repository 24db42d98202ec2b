import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { copyRow } from '../rows/copy-row.js';
import type { MemoryRow } from '../rows/memory-columns.js';
import { scopePlacement } from '../scope/scope-placement.js';
import { visibleAt } from './rank-indexed-words.js';
import type { ReadIndex } from './read-index.js';

const semantic: ReadonlySet<StoredLayer> = new Set(['semantic']);

/**
 * The pinned facts `selectPinned` reads, answered from the read index with
 * no statement: the live semantic memories visible to `scope` with salience
 * at least `minSalience`, most recently updated first, at most `limit`,
 * found by walking the tenant's memories in the index's recency order
 * (`updated_at` to the microsecond, then the id under `"C"`, which is the
 * database function's `updated_at desc, id` under PGlite's `C` collation).
 * Each row is a copy. Answers `undefined` when the index cannot answer now
 * (not loaded, or a write running): the caller then reads them in SQL.
 */
export function pinnedFromIndex(
  index: ReadIndex,
  scope: MemoryScope,
  minSalience: number,
  limit: number,
): MemoryRow[] | undefined {
  if (!index.answering) return undefined;
  const placement = scopePlacement(scope);
  const tenant = index.tenant(placement.tenant);
  const rows: MemoryRow[] = [];
  if (!tenant) return rows;
  const ancestors = new Set(placement.ancestorKeys);
  for (const memory of tenant.recent) {
    if (rows.length >= limit) break;
    if (memory.row.salience < minSalience) continue;
    if (visibleAt(memory, placement, ancestors, semantic)) rows.push(copyRow(memory.row));
  }
  return rows;
}
