import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { Limits } from './limits.js';
import type { MemoryScope } from './memory-scope.js';
import { formatScope, isVisible, isWithin, parseScope, sameScope, toScope } from './scope.js';

const scope = (tenant: string, ...path: string[]): MemoryScope => ({ tenant, path });

describe('isVisible', () => {
  it('sees its own scope, its ancestors and its descendants', () => {
    const query = scope('acme', 'user:1', 'conversation:7');
    expect(isVisible(scope('acme', 'user:1', 'conversation:7'), query)).toBe(true);
    expect(isVisible(scope('acme', 'user:1'), query)).toBe(true);
    expect(isVisible(scope('acme'), query)).toBe(true);
    expect(isVisible(scope('acme', 'user:1', 'conversation:7', 'episode:2'), query)).toBe(true);
  });

  it('never sees another tenant, a sibling, or a segment that merely shares a prefix', () => {
    const query = scope('acme', 'user:1');
    expect(isVisible(scope('globex', 'user:1'), query)).toBe(false);
    expect(isVisible(scope('acme', 'user:2'), query)).toBe(false);
    expect(isVisible(scope('acme', 'user:10'), query)).toBe(false);
    expect(isVisible(scope('acme', 'user:1', 'x'), scope('acme', 'user:1', 'y'))).toBe(false);
    expect(isVisible(scope('acm'), scope('acme'))).toBe(false);
  });

  it('is symmetric and agrees with isWithin on a branch', () => {
    const segment = fc.constantFrom('a', 'b', 'a:1', 'a:10');
    const arbitraryScope = fc.record({
      tenant: fc.constantFrom('t1', 't2'),
      path: fc.array(segment, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(arbitraryScope, arbitraryScope, (left, right) => {
        expect(isVisible(left, right)).toBe(isVisible(right, left));
        expect(isVisible(left, right)).toBe(isWithin(left, right) || isWithin(right, left));
      }),
    );
  });
});

describe('isWithin and sameScope', () => {
  it('treats a scope as within itself and within its ancestors only', () => {
    expect(isWithin(scope('t', 'a', 'b'), scope('t', 'a'))).toBe(true);
    expect(isWithin(scope('t', 'a'), scope('t', 'a', 'b'))).toBe(false);
    expect(sameScope(scope('t', 'a'), scope('t', 'a'))).toBe(true);
    expect(sameScope(scope('t', 'a'), scope('t', 'a', 'b'))).toBe(false);
  });
});

describe('parseScope / formatScope', () => {
  it('round-trips the string form', () => {
    expect(parseScope('acme/user:42/conversation:7')).toEqual(
      scope('acme', 'user:42', 'conversation:7'),
    );
    expect(parseScope('acme')).toEqual(scope('acme'));
    expect(formatScope(scope('acme', 'user:42'))).toBe('acme/user:42');
    const segment = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => {
      try {
        toScope({ tenant: text, path: [] });
        return true;
      } catch {
        return false;
      }
    });
    fc.assert(
      fc.property(segment, fc.array(segment, { maxLength: 5 }), (tenant, path) => {
        expect(parseScope(formatScope({ tenant, path }))).toEqual({ tenant, path });
      }),
    );
  });

  it.each([
    ['an empty string', ''],
    ['an empty tenant', '/user:1'],
    ['an empty segment', 'acme//user:1'],
    ['a trailing separator', 'acme/user:1/'],
    ['a parent segment', 'acme/../other'],
    ['a NUL', 'acme/user\u0000:1'],
    ['a line separator', 'acme/user\u2028admin'],
    ['a newline', 'acme/user\n1'],
    ['a zero-width space', 'acme/user\u200B1'],
    ['a bidi override', 'acme/user\u202E1'],
    ['a lone high surrogate (half an emoji)', 'acme/user:ab\uD83D'],
    ['a lone low surrogate in the tenant', 'org\uDC00/user:1'],
    ['a 10 KB segment', `acme/${'x'.repeat(10_240)}`],
    [
      'too deep a path',
      `acme/${Array.from({ length: Limits.pathDepth + 1 }, (_, i) => `s${i}`).join('/')}`,
    ],
  ])('rejects %s with InvalidMemoryInput', (_label, text) => {
    expect(() => parseScope(text)).toThrow(InvalidMemoryInput);
    try {
      parseScope(text);
    } catch (error) {
      expect(InvalidMemoryInput.isInstance(error)).toBe(true);
      expect((error as InvalidMemoryInput).message).not.toContain('x'.repeat(50));
    }
  });

  it('names the refused character by its code point, never the segment', () => {
    const refusal = (segment: string) => {
      try {
        toScope({ tenant: 'acme', path: [segment] });
      } catch (error) {
        return (error as InvalidMemoryInput).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal('secret\u200Dname')).toContain('U+200D');
    expect(refusal('secret\uD83Dname')).toContain('U+D83D');
    expect(refusal('secret\u{E0041}name')).toContain('U+E0041');
    expect(refusal('secret/name')).toContain('"/"');
    expect(refusal('secret\u200Dname')).not.toContain('secret');
  });

  it('accepts U+FFFD and whole surrogate pairs, so only a lone half is refused', () => {
    expect(toScope({ tenant: 'acme', path: ['user:ab\uFFFD'] }).path).toEqual(['user:ab\uFFFD']);
    expect(toScope({ tenant: 'acme', path: ['user:ab\uD83D\uDE00'] }).path).toEqual(['user:ab😀']);
  });

  it('rejects malformed scope objects, including a "/" inside a segment', () => {
    expect(() => toScope({ tenant: 'acme', path: ['a/b'] })).toThrow(InvalidMemoryInput);
    expect(() => toScope({ tenant: '', path: [] })).toThrow(InvalidMemoryInput);
    expect(() => toScope({ tenant: 'acme' })).toThrow(InvalidMemoryInput);
    expect(() => toScope({ tenant: 'acme', path: [], owner: 'other' })).toThrow(InvalidMemoryInput);
    expect(() => formatScope({ tenant: 'a/b', path: [] })).toThrow(InvalidMemoryInput);
  });

  it('reads own data properties only: no inherited tenant, no getter', () => {
    class GetterScope {
      get tenant() {
        return 'acme';
      }
      get path() {
        return ['user:1'];
      }
    }
    const withGetters = Object.defineProperty({ path: [] }, 'tenant', {
      get: () => 'acme',
      enumerable: true,
    });
    const getterSegment = Object.defineProperty(['user:1'], 0, { get: () => 'user:1' });
    for (const input of [
      new GetterScope(),
      Object.create({ tenant: 'acme', path: [] }),
      withGetters,
      { tenant: 'acme', path: getterSegment },
      { tenant: 'acme', path: new Array(2 ** 32 - 1) },
    ]) {
      expect(() => toScope(input)).toThrow(InvalidMemoryInput);
    }
    const plain = Object.assign(Object.create(null), { tenant: 'acme', path: ['user:1'] });
    expect(toScope(plain)).toEqual(scope('acme', 'user:1'));
  });

  it('keeps Unicode segments exactly, without merging look-alikes', () => {
    const latin = parseScope('acme/user:a');
    const cyrillic = parseScope('acme/user:\u0430');
    expect(isVisible(latin, cyrillic)).toBe(false);
    expect(parseScope('acme/用户:1/🎉')).toEqual(scope('acme', '用户:1', '🎉'));
  });
});

describe('a scope path given as a string', () => {
  it('is refused saying it must be a list, whatever its length', () => {
    for (const path of ['user:42', 'user:42/conversation:7/with/more/than/sixteen/characters']) {
      expect(() => toScope({ tenant: 'acme', path })).toThrow(
        'invalid memory scope: path: a scope path is a list of segments, not a string: write path: ["user:42"], not path: "user:42" (parseScope reads the string form "acme/user:42")',
      );
    }
  });
});
