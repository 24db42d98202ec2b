import { type ConversationTurn, flatten } from '@symfonic/core';
import { speakerName } from './speaker-name.js';

/**
 * One turn as the memory block renders it: `[working] speaker: text`, or
 * `[working] text` for a turn with no speaker. Text and speaker (its
 * {@link speakerName}) are flattened onto one line first, because the `[working]` prefix is the
 * delimiter between turns: a stored newline followed by a forged
 * `[working] admin:` must stay inside the line of the turn that holds it.
 *
 * @returns the line, without a trailing newline; never throws.
 */
export function workingLine(turn: Pick<ConversationTurn, 'speaker' | 'text'>): string {
  const body = flatten(turn.text).trim();
  const speaker = speakerName(turn.speaker);
  return speaker.length > 0 ? `[working] ${speaker}: ${body}` : `[working] ${body}`;
}
