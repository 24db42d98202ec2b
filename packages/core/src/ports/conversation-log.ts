import type { ConversationTurn, ConversationTurnInput } from '../conversation-turn.js';
import type { MemoryScope } from '../memory-scope.js';

/** The conversation log, as recording writes it. */
export interface ConversationLog {
  /**
   * Log one turn at `scope`. A turn without a `turn` number gets the next
   * position at that scope (one more than the highest logged there, 0 for
   * the first), atomically: concurrent appends never share a number. An
   * explicit `turn` is kept as given. Appending a `turnId` already logged at
   * that scope is a no-op, so a retried or re-imported turn is never logged twice.
   *
   * @returns the turn as logged (for an already logged `turnId`, the turn logged first).
   * @throws InvalidMemoryInput when the scope or the turn is malformed.
   * @throws MemoryUnavailable when the log cannot be reached.
   */
  append(scope: MemoryScope, turn: ConversationTurnInput): Promise<ConversationTurn>;
}
