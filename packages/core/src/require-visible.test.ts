import { describe, expect, it } from 'vitest';
import { ScopeViolation } from './errors/scope-violation.js';
import { requireVisible } from './require-visible.js';

const asking = { tenant: 'acme', path: ['user:1'] };

describe('requireVisible', () => {
  it('lets ancestors and descendants of the asking scope through', () => {
    expect(() =>
      requireVisible(
        [
          { id: 'a', scope: { tenant: 'acme', path: [] } },
          { id: 'b', scope: { tenant: 'acme', path: ['user:1', 'conversation:7'] } },
        ],
        asking,
      ),
    ).not.toThrow();
  });

  it('throws a ScopeViolation naming the first row a sibling or another tenant holds', () => {
    const rows = [
      { id: 'own', scope: asking },
      { id: 'sibling', scope: { tenant: 'acme', path: ['user:10'] } },
      { id: 'foreign', scope: { tenant: 'other', path: ['user:1'] } },
    ];
    let thrown: unknown;
    try {
      requireVisible(rows, asking);
    } catch (error) {
      thrown = error;
    }
    expect(ScopeViolation.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toContain('sibling');
    expect((thrown as Error).message).toContain('acme/user:10');
    expect((thrown as Error).message).not.toContain('foreign');
  });
});
