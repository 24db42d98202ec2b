import type { ConversationTurn } from '@symfonic/core';

/** The turns logged at one exact scope, ordered by turn number, then arrival. */
export class TurnLog {
  private readonly turns: ConversationTurn[] = [];
  private readonly byTurnId = new Map<string, ConversationTurn>();

  /** How many turns the log holds. */
  get size(): number {
    return this.turns.length;
  }

  /**
   * Log `turn` unless its `turnId` is already logged; without a `turn`
   * number it gets one more than the highest logged (0 for the first). One
   * synchronous step, so concurrent appends never share a number.
   *
   * @returns a copy of the turn as logged (the first one, for a `turnId` already logged).
   */
  append(input: Omit<ConversationTurn, 'turn'> & { readonly turn?: number }): ConversationTurn {
    const logged = this.byTurnId.get(input.turnId);
    if (logged) return { ...logged };
    const turn = Object.freeze({ ...input, turn: input.turn ?? this.nextTurn() });
    this.byTurnId.set(turn.turnId, turn);
    let position = this.turns.length;
    while (position > 0 && (this.turns[position - 1]?.turn ?? 0) > turn.turn) position -= 1;
    this.turns.splice(position, 0, turn);
    return { ...turn };
  }

  /** One more than the highest turn number logged, 0 for an empty log (turns are kept in turn order). */
  private nextTurn(): number {
    const last = this.turns.at(-1);
    return last === undefined ? 0 : last.turn + 1;
  }

  /** The last `limit` turns, oldest first (copies). */
  recent(limit: number): ConversationTurn[] {
    if (limit === 0) return [];
    return this.turns.slice(-limit).map((turn) => ({ ...turn }));
  }
}
