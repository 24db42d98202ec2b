import { describe, expect, it } from 'vitest';
import { decideTurnRestore } from './decide-turn-restore.js';
import type { LoggedTurn } from './logged-turn.js';

const restored: LoggedTurn = {
  scope: { tenant: 't', path: ['user:1'] },
  turnId: 'turn-1',
  speaker: 'user',
  text: 'I moved to Lyon.',
  turn: 3,
  at: new Date('2026-01-02T03:04:05.000Z'),
};
const held = { speaker: 'user', text: 'I moved to Lyon.', turn: 3, at: new Date(restored.at) };

describe('decideTurnRestore', () => {
  it('imports a turn the store does not hold, and finds one it holds exactly present', () => {
    expect(decideTurnRestore(undefined, restored)).toEqual({ status: 'imported' });
    expect(decideTurnRestore(held, restored)).toEqual({ status: 'present' });
  });

  it.each([
    ['speaker', { speaker: 'assistant' }],
    ['text', { text: 'I moved to Paris.' }],
    ['number', { turn: 4 }],
    ['time', { at: new Date('2026-01-02T03:04:06.000Z') }],
  ])('refuses a held turn of another %s as a conflict naming only its id', (_, change) => {
    expect(decideTurnRestore({ ...held, ...change }, restored)).toEqual({
      status: 'refused',
      code: 'conflict',
      reason:
        'turn "turn-1" is already logged at this scope with a different speaker, text, number or time',
    });
  });
});
