import type { ConversationTurn, MemoryScope } from '@symfonic/core';
import type { AppendedTurn } from '../writes/append-turn.js';
import { WriteGeneration } from './write-generation.js';

/** The last turns of one scope as read, oldest first, and whether they are all it holds. */
interface Entry {
  readonly turns: ConversationTurn[];
  /** How many turns the read asked for: the list holds the last `depth` turns of the scope. */
  readonly depth: number;
  /** The read found fewer than `depth`: the list holds every turn of the scope. */
  readonly whole: boolean;
  readonly generation: number;
}

/**
 * The last turns of each scope a store read, kept in process and brought up
 * to date by the store's own appends: sound only for a store that is its
 * database's only writer (PGlite, whose folder one process at a time may
 * open), never for a server other processes write to. A chat reads its
 * conversation's recent turns before each model call and appends two turns
 * after it; with this cache the append places the new turn in the kept list
 * (after every kept turn whose number is not higher, since a new turn is
 * the latest of its number), so the next read costs no statement.
 *
 * Rules, each answer the same as reading the database:
 * - a read that overlaps any turn write, or that a turn write overtook, is
 *   returned but not kept;
 * - an append that overlapped no other turn write carries every kept list
 *   over (only its own scope's list changes); one that overlapped another
 *   drops them all;
 * - a write that may change turns wholesale (a restore, a forget) drops
 *   them all ({@link RecentTurnsCache.write});
 * - at most `capacity` scopes are kept, the least recently read dropped first.
 *
 * Each answer is a new array of new turn objects.
 */
export class RecentTurnsCache {
  readonly #entries = new Map<string, Entry>();
  readonly #capacity: number;
  /** The turn writes: every append and every wholesale write. */
  readonly #writes = new WriteGeneration();

  constructor(capacity = 1_000) {
    this.#capacity = capacity;
  }

  /**
   * The last `limit` turns logged at exactly `scope`, oldest first: from the
   * kept list when it is current and deep enough, else what `load(limit)`
   * reads (kept when no turn write ran while it read).
   */
  async read(
    scope: MemoryScope,
    limit: number,
    load: (limit: number) => Promise<ConversationTurn[]>,
  ): Promise<ConversationTurn[]> {
    const key = keyOf(scope);
    const kept = this.#entries.get(key);
    if (kept && this.#writes.holds(kept.generation) && (kept.whole || kept.depth >= limit)) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return copies(kept.turns.slice(Math.max(0, kept.turns.length - limit)));
    }
    const started = this.#writes.current;
    const turns = await load(limit);
    if (this.#writes.holds(started)) {
      this.#keep(key, {
        turns: copies(turns),
        depth: limit,
        whole: turns.length < limit,
        generation: started,
      });
    }
    return turns;
  }

  /**
   * Run an append of one turn at `scope`. When it logged a new turn and no
   * other turn write overlapped it, the scope's kept list takes the turn in
   * its place and every other kept list stays current.
   */
  async append(scope: MemoryScope, action: () => Promise<AppendedTurn>): Promise<ConversationTurn> {
    const before = this.#writes.begin();
    let appended: AppendedTurn | undefined;
    try {
      appended = await action();
      return appended.turn;
    } finally {
      const alone = this.#writes.end(before);
      if (appended && alone) this.#carryOver(before, scope, appended);
      else this.#entries.clear();
    }
  }

  /** Run a write that may add or erase turns anywhere (a restore, a forget): every kept list is dropped. */
  async write<Result>(action: () => Promise<Result>): Promise<Result> {
    this.#entries.clear();
    try {
      return await this.#writes.run(action);
    } finally {
      this.#entries.clear();
    }
  }

  /** After an append that ran alone: the lists current before it stay current, its scope's with the turn. */
  #carryOver(before: number, scope: MemoryScope, { turn, logged }: AppendedTurn): void {
    const key = keyOf(scope);
    for (const [entryKey, entry] of this.#entries) {
      if (entry.generation !== before) {
        this.#entries.delete(entryKey);
        continue;
      }
      if (entryKey !== key || !logged) {
        this.#entries.set(entryKey, { ...entry, generation: this.#writes.current });
        continue;
      }
      const turns = withTurn(entry.turns, turn, entry.depth);
      const whole = entry.whole && turns.length === entry.turns.length + 1;
      this.#entries.set(entryKey, { ...entry, turns, whole, generation: this.#writes.current });
    }
  }

  #keep(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}

function keyOf(scope: MemoryScope): string {
  return JSON.stringify([scope.tenant, scope.path]);
}

function copies(turns: readonly ConversationTurn[]): ConversationTurn[] {
  return turns.map((turn) => ({ ...turn }));
}

/**
 * `turns` (the last `depth` of a scope, oldest first) with a newly logged
 * `turn`: placed after every turn whose number is not higher (it is the
 * latest of its number), and the oldest dropped past `depth`, so the list
 * is still the scope's last `depth`.
 */
function withTurn(
  turns: readonly ConversationTurn[],
  turn: ConversationTurn,
  depth: number,
): ConversationTurn[] {
  const place = turns.findIndex((kept) => kept.turn > turn.turn);
  const next = [...turns];
  next.splice(place === -1 ? next.length : place, 0, { ...turn });
  return next.length > depth ? next.slice(next.length - depth) : next;
}
