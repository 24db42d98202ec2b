import { describe, expect, it } from 'vitest';
import { compareChanges } from './compare-changes.js';
import { compareCodePoints } from './compare-code-points.js';
import { compareScopes } from './compare-scopes.js';

describe('compareCodePoints', () => {
  it('orders by code point where UTF-16 code units disagree', () => {
    // U+FFFD is one code unit above the surrogates of U+1F600, but a lower code point.
    expect('\uFFFD' < '😀').toBe(false);
    expect(compareCodePoints('\uFFFD', '😀')).toBeLessThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });
});

describe('compareScopes', () => {
  it('orders by tenant, then segment by segment, a scope before those below it', () => {
    const scopes = [
      { tenant: 'b', path: [] },
      { tenant: 'a', path: ['user:2'] },
      { tenant: 'a', path: ['user:1', 'c:1'] },
      { tenant: 'a', path: ['user:1'] },
      { tenant: 'a', path: [] },
      { tenant: 'a', path: ['user:10'] },
    ];
    expect([...scopes].sort(compareScopes)).toEqual([
      { tenant: 'a', path: [] },
      { tenant: 'a', path: ['user:1'] },
      { tenant: 'a', path: ['user:1', 'c:1'] },
      { tenant: 'a', path: ['user:10'] },
      { tenant: 'a', path: ['user:2'] },
      { tenant: 'b', path: [] },
    ]);
  });
});

describe('compareChanges', () => {
  it('orders by time, then memory id, then version', () => {
    const at = (ms: number) => new Date(ms);
    const changes = [
      { at: at(2), memoryId: 'a', version: 1 },
      { at: at(1), memoryId: 'b', version: 2 },
      { at: at(1), memoryId: 'b', version: 1 },
      { at: at(1), memoryId: 'a', version: 5 },
    ];
    expect([...changes].sort(compareChanges)).toEqual([
      { at: at(1), memoryId: 'a', version: 5 },
      { at: at(1), memoryId: 'b', version: 1 },
      { at: at(1), memoryId: 'b', version: 2 },
      { at: at(2), memoryId: 'a', version: 1 },
    ]);
  });
});
