import type { ConversationTurn } from '@symfonic/core';

/** The turns logged at one exact scope, ordered by turn number, then arrival. */
export class TurnLog {
  private readonly turns: ConversationTurn[] = [];
  private readonly turnIds = new Set<string>();

  /** How many turns the log holds. */
  get size(): number {
    return this.turns.length;
  }

  /** Log `turn` unless its `turnId` is already logged; answers whether it was logged. */
  append(turn: ConversationTurn): boolean {
    if (this.turnIds.has(turn.turnId)) return false;
    this.turnIds.add(turn.turnId);
    let position = this.turns.length;
    while (position > 0 && (this.turns[position - 1]?.turn ?? 0) > turn.turn) position -= 1;
    this.turns.splice(position, 0, Object.freeze({ ...turn }));
    return true;
  }

  /** The last `limit` turns, oldest first (copies). */
  recent(limit: number): ConversationTurn[] {
    if (limit === 0) return [];
    return this.turns.slice(-limit).map((turn) => ({ ...turn }));
  }
}
