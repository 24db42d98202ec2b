import { describe, expect, it } from 'vitest';
import { ScopeViolation } from './errors/scope-violation.js';
import { requireWithin } from './require-within.js';

const asking = { tenant: 'acme', path: ['user:1'] };

describe('requireWithin', () => {
  it('lets the scope and its descendants through', () => {
    expect(() =>
      requireWithin(
        [
          { id: 'a', scope: asking },
          { id: 'b', scope: { tenant: 'acme', path: ['user:1', 'conversation:7'] } },
        ],
        asking,
      ),
    ).not.toThrow();
  });

  it('throws a ScopeViolation for an ancestor, a sibling or another tenant', () => {
    for (const scope of [
      { tenant: 'acme', path: [] },
      { tenant: 'acme', path: ['user:10'] },
      { tenant: 'globex', path: ['user:1'] },
    ]) {
      let thrown: unknown;
      try {
        requireWithin([{ id: 'row', scope }], asking);
      } catch (error) {
        thrown = error;
      }
      expect(ScopeViolation.isInstance(thrown)).toBe(true);
      expect((thrown as ScopeViolation).rowScope).toBe([scope.tenant, ...scope.path].join('/'));
    }
  });
});
