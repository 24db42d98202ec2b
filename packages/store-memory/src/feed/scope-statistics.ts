import type { StoredLayer } from '@symfonic/core';

/** How many memories, and how many terms they hold in all. */
export interface TermTotals {
  readonly memories: number;
  readonly terms: number;
}

interface MutableTotals {
  memories: number;
  terms: number;
}

/** The keys of a scope's ancestors and its own, root (`''`) first: `''`, `a/`, `a/b/` for `a/b/`. */
function keysAlong(key: string): string[] {
  const keys = [''];
  for (let at = key.indexOf('/'); at !== -1; at = key.indexOf('/', at + 1)) {
    keys.push(key.slice(0, at + 1));
  }
  return keys;
}

/**
 * The full-text statistics of one tenant's live memories, kept so that a
 * query can weigh words over exactly the memories its scope sees (its
 * ancestors' and its own subtree's, in the asked layers), never over a
 * sibling's or a forgotten one: per layer, the totals of the memories at each
 * exact {@link scopePathPrefix}, and of each subtree. A change costs one update per
 * ancestor (at most the path depth); a query sums as many.
 */
export class ScopeStatistics {
  readonly #atKey = new Map<string, MutableTotals>();
  readonly #belowKey = new Map<string, MutableTotals>();

  /** Count one live memory of `terms` terms at `key` in `layer` in (`change` 1) or out (`change` -1). */
  note(key: string, layer: StoredLayer, terms: number, change: 1 | -1): void {
    bump(this.#atKey, `${layer}\u0000${key}`, terms, change);
    for (const along of keysAlong(key))
      bump(this.#belowKey, `${layer}\u0000${along}`, terms, change);
  }

  /** The totals of the live memories in `layers` visible from `queryKey`. */
  visible(queryKey: string, layers: readonly StoredLayer[]): TermTotals {
    let memories = 0;
    let terms = 0;
    const ancestors = keysAlong(queryKey).slice(0, -1);
    for (const layer of layers) {
      for (const ancestor of ancestors) {
        const totals = this.#atKey.get(`${layer}\u0000${ancestor}`);
        memories += totals?.memories ?? 0;
        terms += totals?.terms ?? 0;
      }
      const below = this.#belowKey.get(`${layer}\u0000${queryKey}`);
      memories += below?.memories ?? 0;
      terms += below?.terms ?? 0;
    }
    return { memories, terms };
  }
}

function bump(
  totals: Map<string, MutableTotals>,
  key: string,
  terms: number,
  change: 1 | -1,
): void {
  const entry = totals.get(key) ?? { memories: 0, terms: 0 };
  entry.memories += change;
  entry.terms += change * terms;
  if (entry.memories === 0) totals.delete(key);
  else totals.set(key, entry);
}
