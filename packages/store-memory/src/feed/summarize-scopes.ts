import type { ScopeSummary } from '@symfonic/core';
import type { TenantMemories } from '../tenant-memories.js';

interface Tally {
  scope: ScopeSummary['scope'];
  memories: number;
  deleted: number;
  turns: number;
  lastActivity: number;
}

/**
 * What each scope at or below `key` (a {@link scopePathPrefix}) holds in
 * `tenant`: live and deleted memories, turns, and the latest time any of them
 * was written. Scopes that hold nothing are absent. Unordered.
 */
export function summarizeScopes(tenant: TenantMemories, key: string): ScopeSummary[] {
  const tallies = new Map<string, Tally>();
  const tally = (scopeKey: string, scope: ScopeSummary['scope']): Tally => {
    let found = tallies.get(scopeKey);
    if (!found) {
      found = {
        scope: { tenant: scope.tenant, path: [...scope.path] },
        memories: 0,
        deleted: 0,
        turns: 0,
        lastActivity: Number.NEGATIVE_INFINITY,
      };
      tallies.set(scopeKey, found);
    }
    return found;
  };
  for (const memory of tenant.memories.values()) {
    if (!memory.key.startsWith(key)) continue;
    const found = tally(memory.key, memory.record.scope);
    if (memory.live) found.memories += 1;
    else found.deleted += 1;
    const last = memory.versions[memory.versionCount - 1];
    if (last) found.lastActivity = Math.max(found.lastActivity, last.at.getTime());
  }
  for (const [logKey, log] of tenant.turns) {
    if (!logKey.startsWith(key) || log.size === 0) continue;
    const found = tally(logKey, log.scope);
    found.turns += log.size;
    const lastAt = log.lastAt;
    if (lastAt) found.lastActivity = Math.max(found.lastActivity, lastAt.getTime());
  }
  return [...tallies.values()].map((found) => ({
    scope: found.scope,
    memories: found.memories,
    deleted: found.deleted,
    turns: found.turns,
    lastActivity: new Date(found.lastActivity),
  }));
}
