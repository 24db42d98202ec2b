import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { and, inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { visibleTo } from '../scope/visible-to.js';
import type { VectorIndex } from './vector-index.js';

/**
 * How many memories visible to `scope` in `layers` have no vector of
 * `index`'s model and dimension: the memories a vector search cannot find.
 * Read from `memories.vector_models`, which every write keeps in step with
 * the vectors in the same transaction, through the model's partial index
 * `memories_unembedded_…` (created on open): that index holds only the
 * memories without such a vector, so once every memory has one the count
 * reads an empty index, and otherwise it reads the missing ones only. It runs
 * in the caller's snapshot, so memories another process wrote without the
 * model (or with another) are counted as soon as they are committed.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function countUnembedded(
  database: StoreDatabase,
  scope: MemoryScope,
  layers: readonly StoredLayer[],
  index: VectorIndex,
): Promise<number> {
  const [row] = resultRows<{ missing: number | string }>(
    await database.execute(sql`
      select count(*) as missing from ${memories}
      where ${and(index.unembedded, visibleTo(memories, scope), inArray(memories.layer, [...layers]))}`),
  );
  return Number(row?.missing ?? 0);
}
