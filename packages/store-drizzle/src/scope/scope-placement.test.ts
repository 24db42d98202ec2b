import { isVisible, isWithin, type MemoryScope } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeKey } from './scope-key.js';
import { scopePlacement } from './scope-placement.js';

/** Segments chosen to trap prefix comparisons, and characters that break naive encodings. */
const segment = fc.constantFrom('user:1', 'user:10', 'a', 'a"b', 'a\\"', '["a"]', 'ü', 'u\u0308');
const scopeArbitrary: fc.Arbitrary<MemoryScope> = fc.record({
  tenant: fc.constantFrom('acme', 'acme2', 'ac', '"acme"'),
  path: fc.array(segment, { maxLength: 4 }),
});

/** The SQL visibility predicate of `visibleTo`, evaluated on the placement columns. */
function visibleBySql(record: MemoryScope, query: MemoryScope): boolean {
  const row = scopePlacement(record);
  const asking = scopePlacement(query);
  return (
    row.tenant === asking.tenant &&
    (asking.ancestorKeys.includes(row.scopeKey) || row.ancestorKeys.includes(asking.scopeKey))
  );
}

describe('scopePlacement', () => {
  it('gives equal keys to equal scopes only', () => {
    fc.assert(
      fc.property(scopeArbitrary, scopeArbitrary, (left, right) => {
        const same = left.tenant === right.tenant && isWithin(left, right) && isWithin(right, left);
        expect(scopeKey(left) === scopeKey(right)).toBe(same);
      }),
    );
  });

  it('lists the keys of the scope and its ancestors, root first', () => {
    const placement = scopePlacement({ tenant: 'acme', path: ['user:1', 'conversation:7'] });
    expect(placement.ancestorKeys).toEqual([
      scopeKey({ tenant: 'acme', path: [] }),
      scopeKey({ tenant: 'acme', path: ['user:1'] }),
      scopeKey({ tenant: 'acme', path: ['user:1', 'conversation:7'] }),
    ]);
    expect(placement.scopeKey).toBe(placement.ancestorKeys.at(-1));
    expect(placement.scopeKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes the SQL visibility predicate agree with core isVisible (property)', () => {
    fc.assert(
      fc.property(scopeArbitrary, scopeArbitrary, (record, query) => {
        expect(visibleBySql(record, query)).toBe(isVisible(record, query));
      }),
      { numRuns: 2_000 },
    );
  });

  it('makes the erasure predicate agree with core isWithin (property)', () => {
    fc.assert(
      fc.property(scopeArbitrary, scopeArbitrary, (record, erased) => {
        const row = scopePlacement(record);
        const target = scopePlacement(erased);
        const erasedBySql =
          row.tenant === target.tenant && row.ancestorKeys.includes(target.scopeKey);
        expect(erasedBySql).toBe(isWithin(record, erased));
      }),
      { numRuns: 2_000 },
    );
  });
});
