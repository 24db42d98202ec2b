import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { feedCursor } from './feed-cursor.js';
import { readFeedOptions } from './read-feed-options.js';

function refused(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('feedCursor', () => {
  it('round-trips each feed position, whatever characters the ids and segments hold', () => {
    const change = { at: new Date('2024-05-01T10:00:00.123Z'), memoryId: 'm-é😀', version: 3 };
    expect(feedCursor.decodeChange(feedCursor.encodeChange(change))).toEqual(change);
    const scope = { tenant: 'acme', path: ['user:ü', 'c:😀'] };
    expect(feedCursor.decodeScope(feedCursor.encodeScope(scope))).toEqual(scope);
    const turn = { scope, turn: 4, arrival: 17 };
    expect(feedCursor.decodeTurn(feedCursor.encodeTurn(turn))).toEqual(turn);
    expect(feedCursor.encodeScope(scope)).toMatch(/^s1\.[A-Za-z0-9_-]+$/);
  });

  it("refuses another feed's cursor, a made-up string and a payload out of shape", () => {
    const scopeCursor = feedCursor.encodeScope({ tenant: 'acme', path: [] });
    const tampered = `c1.${btoa(JSON.stringify([0, '', 1])).replace(/=+$/, '')}`;
    for (const cursor of [scopeCursor, 'c1.', 'c1.!!', 'c1.bm90IGpzb24', tampered, 'x']) {
      const error = refused(() => feedCursor.decodeChange(cursor));
      expect(InvalidMemoryInput.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        'invalid changes cursor: pass back a nextCursor this feed answered',
      );
    }
  });
});

describe('readFeedOptions', () => {
  it('defaults the page to 100 and decodes the cursor', () => {
    expect(readFeedOptions(undefined, feedCursor.decodeScope)).toEqual({
      limit: 100,
      after: undefined,
    });
    const after = feedCursor.encodeScope({ tenant: 'acme', path: ['user:1'] });
    expect(readFeedOptions({ after, limit: 1_000 }, feedCursor.decodeScope)).toEqual({
      limit: 1_000,
      after: { tenant: 'acme', path: ['user:1'] },
    });
  });

  it('refuses a limit out of 1 to 1000 and an unknown option', () => {
    for (const options of [{ limit: 0 }, { limit: 1_001 }, { limit: 2.5 }, { cursor: 'x' }]) {
      const error = refused(() =>
        readFeedOptions(options as { limit?: number }, feedCursor.decodeScope),
      );
      expect(InvalidMemoryInput.isInstance(error)).toBe(true);
    }
  });
});
