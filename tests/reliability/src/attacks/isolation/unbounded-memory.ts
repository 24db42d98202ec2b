import type { MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';

const large = 1_000_000;

/**
 * A memory loop over `store` that shows everything it reads: a working
 * window of 100 turns, recall of up to 1000 memories, no character cap
 * that could hide a leaked row.
 */
export function unboundedMemory(store: MemoryStore): Memory {
  return createMemory({
    store,
    working: { recentTurns: 100 },
    recall: { limit: 1_000, caps: { semantic: large, episodic: large, total: large } },
  });
}
