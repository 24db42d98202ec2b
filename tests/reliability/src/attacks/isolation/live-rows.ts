import type { MemoryRecord, MemoryStore } from '@symfonic/core';
import { listAll } from '../../harness/list-all.js';

/** Every live memory of every tenant in `tenants`, by id, read from each tenant's root (which sees it all). */
export async function liveRows(
  store: MemoryStore,
  tenants: Iterable<string>,
): Promise<Map<string, MemoryRecord>> {
  const live = new Map<string, MemoryRecord>();
  for (const tenant of new Set(tenants)) {
    for (const record of await listAll(store, { tenant, path: [] })) live.set(record.id, record);
  }
  return live;
}
