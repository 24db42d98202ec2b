import { floorReason, limitReason } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { dropKind } from './drop-kind.js';

/** A floor reason, which core answers only for a value under its floor. */
function underFloor(reason: string | undefined): string {
  if (reason === undefined) throw new Error('expected a value under the floor');
  return reason;
}

describe('dropKind', () => {
  it('reads the kind of every drop reason core, recall and the working window word', () => {
    expect(dropKind(underFloor(floorReason('salience', 0.4996, 0.5)))).toBe('salience_floor');
    expect(dropKind(underFloor(floorReason('relevance', 0.1, 0.2)))).toBe('relevance_floor');
    expect(dropKind(limitReason(3))).toBe('limit');
    expect(dropKind('412 characters do not fit the semantic cap of 1200 (1000 used)')).toBe('cap');
    expect(dropKind('412 characters do not fit the pinned cap of 1000 (900 used)')).toBe('cap');
    expect(dropKind('the store answered this memory more than once')).toBe('duplicate');
    expect(dropKind('working memory is read from the conversation log, not recalled')).toBe(
      'working_layer',
    );
    expect(dropKind('the turn carries no text')).toBe('empty_turn');
    expect(dropKind('speaker "system" is excluded')).toBe('excluded_speaker');
    expect(dropKind('the prompt already carries this turn')).toBe('carried_in_prompt');
    expect(dropKind('a reason no one wrote yet')).toBe('other');
  });
});
