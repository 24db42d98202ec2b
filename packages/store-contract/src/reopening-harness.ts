import type { MemoryStore } from '@symfonic/core';
import type { StoreHarness } from './store-harness.js';

/**
 * The harness of a store that has no wipe (an in-process store: none on its port, and there must
 * be none): the suite holds one store object for its whole run, so `reset` closes the store behind
 * a delegate and opens a fresh one with `open`; `close` closes the current one.
 */
export function reopeningHarness(open: () => MemoryStore): StoreHarness {
  let current = open();
  const store: MemoryStore = {
    append: (scope, turn) => current.append(scope, turn),
    recent: (scope, limit) => current.recent(scope, limit),
    apply: (scope, ops, provenance) => current.apply(scope, ops, provenance),
    retrieve: (query) => current.retrieve(query),
    scanCandidates: (query) => current.scanCandidates(query),
    pinned: (scope, options) => current.pinned(scope, options),
    get: (scope, id) => current.get(scope, id),
    list: (scope, options) => current.list(scope, options),
    listDeleted: (scope, options) => current.listDeleted(scope, options),
    history: (scope, id) => current.history(scope, id),
    changes: (scope, options) => current.changes(scope, options),
    scopes: (scope, options) => current.scopes(scope, options),
    turns: (scope, options) => current.turns(scope, options),
    restore: (scope, batch) => current.restore(scope, batch),
    forget: (scope) => current.forget(scope),
    close: () => current.close(),
  };
  return {
    store,
    reset: async () => {
      await current.close();
      current = open();
    },
    close: () => current.close(),
  };
}
