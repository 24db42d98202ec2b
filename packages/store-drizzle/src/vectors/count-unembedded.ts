import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { memories } from '../schema/memories.js';
import { visibleTo } from '../scope/visible-to.js';
import type { VectorIndex } from './vector-index.js';

/**
 * How many memories visible to `scope` in `layers` have no vector of
 * `index`'s model and dimension (the memories a vector search cannot find),
 * as a scalar subquery, so the ranking statement answers it beside its rows
 * and a hybrid ranking spends no round trip of its own on it. Read from
 * `memories.vector_models`, which every write keeps in step with the vectors
 * in the same transaction, through the model's partial index
 * `memories_unembedded_…` (created on open): that index holds only the
 * memories without such a vector, so once every memory has one the count
 * reads an empty index, and otherwise it reads the missing ones only. It
 * runs in the statement's snapshot, so memories another process wrote
 * without the model (or with another) are counted as soon as they are
 * committed.
 */
export function unembeddedCount(
  scope: MemoryScope,
  layers: readonly StoredLayer[],
  index: VectorIndex,
): SQL {
  return sql`(select count(*) from ${memories}
      where ${and(index.unembedded, visibleTo(memories, scope), inArray(memories.layer, [...layers]))})`;
}
