import { InvalidMemoryInput } from '@symfonic/core';

/** A cursor is the sequence number of the last row of the previous page. */
const cursorPattern = /^[1-9][0-9]{0,14}$/;

/**
 * The cursors of `list`: the `memories.sequence` of a page's last row, so
 * rows deleted or added between pages never shift the next page.
 */
export const listCursor = {
  encode(sequence: number): string {
    return String(sequence);
  },
  /**
   * The sequence `cursor` names.
   *
   * @throws InvalidMemoryInput for a cursor this store did not issue.
   */
  decode(cursor: string): number {
    if (typeof cursor !== 'string' || !cursorPattern.test(cursor)) {
      throw new InvalidMemoryInput('invalid list options: cursor is not one this store issued');
    }
    return Number(cursor);
  },
};
