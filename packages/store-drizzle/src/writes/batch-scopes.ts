import type { MemoryScope } from '@symfonic/core';
import { type ScopePlacement, scopePlacement } from '../scope/scope-placement.js';
import type { JsonColumn, SharedRows } from './insert-json-rows.js';

/** The columns placing a row at its scope, as {@link BatchScopes} sends them once per scope. */
const placementColumns: readonly JsonColumn[] = [
  { column: 'tenant', key: 'tenant', type: 'text' },
  { column: 'scope_key', key: 'scopeKey', type: 'text' },
  { column: 'ancestor_keys', key: 'ancestorKeys', type: 'text[]' },
  { column: 'path', key: 'path', type: 'text[]' },
];

/** A scope of a batch: where its rows go, and its index among the batch's scopes. */
export interface BatchScope {
  readonly placement: ScopePlacement;
  /** The 1-based index of the scope in {@link BatchScopes.shared}'s rows, what each row names it by. */
  readonly index: number;
}

/**
 * The scopes a write batch places rows at, each placed once
 * ({@link scopePlacement} hashes every ancestor of a scope, and a batch's
 * rows mostly share a few scopes), and sent once as the shared columns of
 * `insertJsonRows` (tenant, scope key, ancestor keys, path).
 */
export class BatchScopes {
  readonly #known = new Map<string, BatchScope>();
  readonly #rows: object[] = [];

  /** The placement of `scope` and its index, placed at its first call. */
  of(scope: MemoryScope): BatchScope {
    const key = JSON.stringify([scope.tenant, ...scope.path]);
    let known = this.#known.get(key);
    if (known === undefined) {
      const placement = scopePlacement(scope);
      this.#rows.push({ ...placement, path: [...scope.path] });
      known = { placement, index: this.#rows.length };
      this.#known.set(key, known);
    }
    return known;
  }

  /** Every scope placed so far, as `insertJsonRows` reads shared columns. */
  shared(): SharedRows {
    return { columns: placementColumns, rows: this.#rows };
  }
}
