import type { LoggedTurn } from './logged-turn.js';
import type { RestoreOutcome } from './restore-batch.js';

/** What a store holds under a restored turn's id at the turn's scope, as {@link decideTurnRestore} compares it. */
export interface HeldTurn {
  readonly speaker: string;
  readonly text: string;
  readonly turn: number;
  readonly at: Date;
}

/**
 * What a restore does with one turn, by the one rule every store follows: `imported` when the
 * store holds no turn of that id at its scope (the store then logs it, number and time kept);
 * `present` when it holds exactly it (same speaker, text, number and time); otherwise `refused`
 * as a conflict, with the reason (which names the turn id, never its text).
 */
export function decideTurnRestore(
  held: HeldTurn | undefined,
  restored: LoggedTurn,
): RestoreOutcome {
  if (held === undefined) return { status: 'imported' };
  const same =
    held.speaker === restored.speaker &&
    held.text === restored.text &&
    held.turn === restored.turn &&
    held.at.getTime() === restored.at.getTime();
  return same
    ? { status: 'present' }
    : {
        status: 'refused',
        code: 'conflict',
        reason: `turn "${restored.turnId}" is already logged at this scope with a different speaker, text, number or time`,
      };
}
