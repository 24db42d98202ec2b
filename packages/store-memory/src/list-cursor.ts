import { InvalidMemoryInput } from '@symfonic/core';

const cursorPattern = /^m[0-9a-z]{1,11}$/;

/**
 * The cursor `list` hands out: the creation sequence of the last record of a
 * page, so the next page starts after it whatever was added or deleted since
 * (keyset paging, not offsets).
 */
export function encodeListCursor(sequence: number): string {
  return `m${sequence.toString(36)}`;
}

/**
 * The sequence a cursor from {@link encodeListCursor} stands for.
 *
 * @throws InvalidMemoryInput for a string this store did not issue.
 */
export function decodeListCursor(cursor: string): number {
  if (!cursorPattern.test(cursor)) {
    throw new InvalidMemoryInput('invalid list cursor: it was not issued by this store');
  }
  return Number.parseInt(cursor.slice(1), 36);
}
