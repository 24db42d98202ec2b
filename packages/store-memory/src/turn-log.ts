import {
  type ConversationTurn,
  decideTurnRestore,
  type LoggedTurn,
  type MemoryScope,
  type RestoreOutcome,
} from '@symfonic/core';

/** One logged turn: the turn (frozen), when it was logged, and its place in arrival order. */
interface LogEntry {
  readonly turn: ConversationTurn;
  readonly at: Date;
  /** 0 for the first turn logged at this scope, then one more per turn. */
  readonly arrival: number;
}

/** The turns logged at one exact scope, ordered by turn number, then arrival. */
export class TurnLog {
  /** The exact scope of every turn of this log (frozen). */
  readonly scope: MemoryScope;
  private readonly entries: LogEntry[] = [];
  private readonly byTurnId = new Map<string, LogEntry>();
  private arrivals = 0;

  constructor(scope: MemoryScope) {
    this.scope = Object.freeze({
      tenant: scope.tenant,
      path: Object.freeze([...scope.path]),
    }) as MemoryScope;
  }

  /** How many turns the log holds. */
  get size(): number {
    return this.entries.length;
  }

  /** When the last turn was logged (the latest time of any), or `undefined` for an empty log. */
  get lastAt(): Date | undefined {
    let last: number | undefined;
    for (const entry of this.entries) {
      if (last === undefined || entry.at.getTime() > last) last = entry.at.getTime();
    }
    return last === undefined ? undefined : new Date(last);
  }

  /**
   * Log `turn` at `at` unless its `turnId` is already logged; without a
   * `turn` number it gets one more than the highest logged (0 for the
   * first). One synchronous step, so concurrent appends never share a number.
   *
   * @returns a copy of the turn as logged (the first one, for a `turnId` already logged).
   */
  append(
    input: Omit<ConversationTurn, 'turn'> & { readonly turn?: number },
    at: Date,
  ): ConversationTurn {
    const logged = this.byTurnId.get(input.turnId);
    if (logged) return { ...logged.turn };
    return { ...this.insert({ ...input, turn: input.turn ?? this.nextTurn() }, at).turn };
  }

  /**
   * Whether `turn` (a turn of this log's scope, as another store logged it)
   * can be restored: `present` when this log holds exactly it, `refused` when
   * its id is taken by a different turn, else `imported` (to be written by
   * {@link TurnLog.restore}).
   */
  restoreOutcome(turn: LoggedTurn): RestoreOutcome {
    const logged = this.byTurnId.get(turn.turnId);
    return decideTurnRestore(logged && { ...logged.turn, at: logged.at }, turn);
  }

  /** Log `turn` exactly as given (its number and time kept); its id must not be logged yet. */
  restore(turn: LoggedTurn): void {
    this.insert(
      { turnId: turn.turnId, speaker: turn.speaker, text: turn.text, turn: turn.turn },
      turn.at,
    );
  }

  /** The last `limit` turns, oldest first (copies). */
  recent(limit: number): ConversationTurn[] {
    if (limit === 0) return [];
    return this.entries.slice(-limit).map((entry) => ({ ...entry.turn }));
  }

  /**
   * The turns after the position (`turn`, `arrival`), in log order, with
   * their arrival numbers; every turn when `after` is absent.
   */
  *after(
    after: { readonly turn: number; readonly arrival: number } | undefined,
  ): Generator<{ readonly turn: LoggedTurn; readonly arrival: number }> {
    for (const entry of this.entries) {
      if (
        after !== undefined &&
        (entry.turn.turn < after.turn ||
          (entry.turn.turn === after.turn && entry.arrival <= after.arrival))
      ) {
        continue;
      }
      yield {
        turn: {
          ...entry.turn,
          scope: { tenant: this.scope.tenant, path: [...this.scope.path] },
          at: new Date(entry.at.getTime()),
        },
        arrival: entry.arrival,
      };
    }
  }

  private insert(turn: ConversationTurn, at: Date): LogEntry {
    const entry = Object.freeze({
      turn: Object.freeze(turn),
      at: new Date(at.getTime()),
      arrival: this.arrivals,
    });
    this.arrivals += 1;
    this.byTurnId.set(turn.turnId, entry);
    let position = this.entries.length;
    while (position > 0 && (this.entries[position - 1]?.turn.turn ?? 0) > turn.turn) position -= 1;
    this.entries.splice(position, 0, entry);
    return entry;
  }

  /** One more than the highest turn number logged, 0 for an empty log (turns are kept in turn order). */
  private nextTurn(): number {
    const last = this.entries.at(-1);
    return last === undefined ? 0 : last.turn.turn + 1;
  }
}
