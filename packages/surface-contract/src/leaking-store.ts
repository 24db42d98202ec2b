import type { MemoryScope, MemoryStore } from '@symfonic/core';

/**
 * `store` as a backend that lost its tenant filter: every read of memories
 * (`scanCandidates`, `pinned`, `list`, `listDeleted`, `get`, `history`) also
 * answers the rows of `foreign`, whatever scope asked, and so does `changes`.
 * Writes, turns, `scopes` and `restore` are the store's own. A correct store
 * cannot leak, so this is the one way a test causes a
 * foreign row; every surface must then fail the call with a
 * `ScopeViolation` and show nothing of the row.
 */
export function leakingStore(store: MemoryStore, foreign: MemoryScope): MemoryStore {
  return {
    append: (scope, turn) => store.append(scope, turn),
    recent: (scope, limit) => store.recent(scope, limit),
    apply: (scope, ops, provenance) => store.apply(scope, ops, provenance),
    retrieve: (query) => store.retrieve(query),
    async scanCandidates(query) {
      const mine = await store.scanCandidates(query);
      const theirs = await store.scanCandidates({ ...query, scope: foreign });
      return { ...mine, memories: [...mine.memories, ...theirs.memories] };
    },
    async pinned(scope, options) {
      return [...(await store.pinned(scope, options)), ...(await store.pinned(foreign, options))];
    },
    async list(scope, options) {
      const mine = await store.list(scope, options);
      const theirs = await store.list(foreign, { limit: options?.limit ?? 50 });
      return { ...mine, records: [...mine.records, ...theirs.records] };
    },
    async listDeleted(scope, options) {
      const mine = await store.listDeleted(scope, options);
      const theirs = await store.listDeleted(foreign, { limit: options?.limit ?? 50 });
      return { ...mine, ids: [...mine.ids, ...theirs.ids] };
    },
    async get(scope, id) {
      return (await store.get(scope, id)) ?? store.get(foreign, id);
    },
    async history(scope, id) {
      const mine = await store.history(scope, id);
      return mine.length > 0 ? mine : store.history(foreign, id);
    },
    async changes(scope, options) {
      const mine = await store.changes(scope, options);
      const theirs = await store.changes(foreign, { limit: options?.limit ?? 50 });
      return { ...mine, changes: [...mine.changes, ...theirs.changes] };
    },
    scopes: (scope, options) => store.scopes(scope, options),
    turns: (scope, options) => store.turns(scope, options),
    restore: (scope, batch) => store.restore(scope, batch),
    forget: (scope) => store.forget(scope),
    close: () => store.close(),
  };
}
