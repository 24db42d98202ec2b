import { isVisible, type MemoryScope } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrefixVisible, scopePathPrefix } from './scope-path-prefix.js';

const path = fc.array(fc.constantFrom('user:1', 'user:10', 'a', 'b'), { maxLength: 4 });

describe('scopePathPrefix', () => {
  it('agrees with core isVisible on every pair of paths of one tenant (property)', () => {
    fc.assert(
      fc.property(path, path, (recordPath, queryPath) => {
        const record: MemoryScope = {
          tenant: 't',
          path: recordPath.filter((s) => !s.includes('/')),
        };
        const query: MemoryScope = { tenant: 't', path: queryPath.filter((s) => !s.includes('/')) };
        expect(isPrefixVisible(scopePathPrefix(record), scopePathPrefix(query))).toBe(
          isVisible(record, query),
        );
      }),
    );
  });

  it('keeps user:1 and user:10 apart', () => {
    expect(isPrefixVisible(scopePathPrefix({ tenant: 't', path: ['user:1'] }), 'user:10/')).toBe(
      false,
    );
  });
});
