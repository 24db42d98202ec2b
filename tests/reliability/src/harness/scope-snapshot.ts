import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { listAll } from './list-all.js';

/**
 * What a scope holds, without ids or times, so two runs of one script can be
 * compared: live memories as `layer|salience|text`, turns as `turnId|text`,
 * and each live memory's history as its changes (`created:text`,
 * `updated:text`…) with repeats of one change collapsed. Every list is sorted.
 */
export interface ScopeSnapshot {
  readonly memories: readonly string[];
  readonly turns: readonly string[];
  readonly histories: readonly string[];
}

/** Read the {@link ScopeSnapshot} of `scope` from `store`. */
export async function snapshotScope(
  store: MemoryStore,
  scope: MemoryScope,
): Promise<ScopeSnapshot> {
  const records = await listAll(store, scope);
  const turns = await store.recent(scope, 1_000);
  const histories: string[] = [];
  for (const record of records) {
    const changes: string[] = [];
    for (const version of await store.history(scope, record.id)) {
      const change = `${version.change}:${version.text}`;
      if (changes.at(-1) !== change) changes.push(change);
    }
    histories.push(changes.join(' > '));
  }
  return {
    memories: records.map((record) => `${record.layer}|${record.salience}|${record.text}`).sort(),
    turns: turns.map((turn) => `${turn.turnId}|${turn.text}`).sort(),
    histories: histories.sort(),
  };
}
