import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor } from './list-cursor.js';

describe('list cursors', () => {
  it('round-trip a sequence', () => {
    for (const sequence of [0, 1, 35, 36, 123_456_789]) {
      expect(decodeListCursor(encodeListCursor(sequence))).toBe(sequence);
    }
  });

  it('refuse strings this store did not issue', () => {
    for (const cursor of ['', 'm', '42', 'm-1', 'mZZ', `m${'z'.repeat(12)}`]) {
      expect(() => decodeListCursor(cursor)).toThrow(InvalidMemoryInput);
    }
  });
});
