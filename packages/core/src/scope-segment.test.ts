import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { Limits } from './limits.js';
import { memoryScopeSchema, scopeSegmentSchema } from './memory-scope.js';
import { readScopeSegment, scopeSegment } from './scope-segment.js';
import { sha256Hex } from './sha256-hex.js';

/** Ids as applications have them: any well-formed Unicode, slashes, joiners, controls, any length. */
const rawId = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
  fc.string({
    unit: fc.constantFrom('/', '%', '\u200d', '\u0000', '\n', '.', 'é', '👩‍💻', '%2F', 'a', ':'),
    minLength: 1,
    maxLength: 300,
  }),
);

describe('scopeSegment', () => {
  it('keeps a plain id readable and escapes what a segment may not hold', () => {
    expect(scopeSegment('user', '42')).toBe('user:42');
    expect(scopeSegment('user', 'google-oauth2/1234')).toBe('user:google-oauth2%2F1234');
    expect(scopeSegment('user', '👩‍💻')).toBe('user:👩%E2%80%8D💻');
    expect(scopeSegment('user', '100%')).toBe('user:100%25');
    expect(scopeSegment('user', '..')).toBe('user:..');
    expect(readScopeSegment('user:👩%E2%80%8D💻')).toEqual({ prefix: 'user', id: '👩‍💻' });
  });

  it('hashes an id whose escaped form is too long, keeping a readable head', () => {
    const id = `${'x'.repeat(500)}/tail`;
    const segment = scopeSegment('user', id);
    expect(Array.from(segment)).toHaveLength(Limits.segmentLength);
    expect(segment).toBe(`user:${'x'.repeat(Limits.segmentLength - 5 - 2 - 64)}%h${sha256Hex(id)}`);
    expect(readScopeSegment(segment)).toEqual({ prefix: 'user', digest: sha256Hex(id) });
    // Long ids that share their head still differ.
    expect(scopeSegment('user', `${'x'.repeat(500)}/other`)).not.toBe(segment);
  });

  it('refuses an empty id, a lone surrogate and a malformed prefix', () => {
    for (const [prefix, id] of [
      ['user', ''],
      ['user', 'a\ud800b'],
      ['', '42'],
      ['us/er', '42'],
      ['user:', '42'],
      ['x'.repeat(33), '42'],
    ] as const) {
      expect(() => scopeSegment(prefix, id)).toThrow(InvalidMemoryInput);
    }
    expect(() => scopeSegment('user', 42 as never)).toThrow(InvalidMemoryInput);
  });

  it('always makes a valid segment, and a valid scope from several', () => {
    fc.assert(
      fc.property(rawId, rawId, (user, conversation) => {
        const path = [scopeSegment('user', user), scopeSegment('conversation', conversation)];
        for (const segment of path)
          expect(scopeSegmentSchema.safeParse(segment).success).toBe(true);
        expect(
          memoryScopeSchema.safeParse({ tenant: scopeSegment('org', user), path }).success,
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('reads every escaped id back, and the digest of every hashed one', () => {
    fc.assert(
      fc.property(rawId, (id) => {
        const read = readScopeSegment(scopeSegment('user', id));
        if ('id' in read) expect(read.id).toBe(id);
        else expect(read.digest).toBe(sha256Hex(id));
        expect(read.prefix).toBe('user');
      }),
      { numRuns: 500 },
    );
  });

  it('gives distinct ids distinct segments', () => {
    fc.assert(
      fc.property(rawId, rawId, (left, right) => {
        fc.pre(left !== right);
        expect(scopeSegment('user', left)).not.toBe(scopeSegment('user', right));
      }),
      { numRuns: 1000 },
    );
    // The cases a naive escape merges: the escape character, its own escape, look-alikes.
    const tricky = ['a/b', 'a%2Fb', 'a%252Fb', 'a\u200db', 'ab', 'a%E2%80%8Db', 'é', 'e\u0301'];
    expect(new Set(tricky.map((id) => scopeSegment('user', id))).size).toBe(tricky.length);
  });

  it('refuses to read a segment scopeSegment would not make', () => {
    for (const segment of [
      'user',
      'user:',
      ':42',
      'user:%2f',
      'user:%41',
      'user:%E2',
      'user:%hzz',
    ]) {
      expect(() => readScopeSegment(segment)).toThrow(InvalidMemoryInput);
    }
  });
});

/** SHA-256 of `text`'s UTF-8 by Web Crypto (a global: core's sources and tests import no Node built-in). */
async function webCryptoSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('sha256Hex', () => {
  it('agrees with Web Crypto, across block boundaries and on any text', async () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    for (const length of [55, 56, 63, 64, 65, 119, 120, 1000]) {
      const text = 'a'.repeat(length);
      expect(sha256Hex(text)).toBe(await webCryptoSha256(text));
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 300 }), async (text) => {
        expect(sha256Hex(text)).toBe(await webCryptoSha256(text));
      }),
      { numRuns: 300 },
    );
  });
});
