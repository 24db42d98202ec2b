import type { MemoryScope } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';

/**
 * A memory over an in-memory store holding 200 memories at `owner` (saliences spread over
 * 0 to 0.9): what the middleware benchmarks hydrate from, the same for every surface.
 */
export async function seededMemory(owner: MemoryScope): Promise<Memory> {
  const store = createInMemoryStore();
  const ops = Array.from({ length: 200 }, (_, index) => ({
    op: 'add' as const,
    text: `Note ${index}: the user mentioned topic ${index % 37} and place ${index % 11}`,
    salience: (index % 10) / 10,
  }));
  await store.apply(owner, ops, { writer: 'bench' });
  return createMemory({ store });
}
