import type { MemoryRecord, MemoryScope, MemoryStore } from '@symfonic/core';

/** Every live memory visible to `scope`, read page by page (1000 a page). */
export async function listAll(store: MemoryStore, scope: MemoryScope): Promise<MemoryRecord[]> {
  const records: MemoryRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(scope, { limit: 1000, ...(cursor ? { cursor } : {}) });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}
