import type { ConversationTurn } from '../conversation-turn.js';
import type { MemoryScope } from '../memory-scope.js';

/** The conversation log, as recording writes it. */
export interface ConversationLog {
  /**
   * Log one turn at `scope`. Appending a `turnId` already logged at that scope
   * is a no-op, so a retried or re-imported turn is never logged twice.
   *
   * @throws InvalidMemoryInput when the scope or the turn is malformed.
   * @throws MemoryUnavailable when the log cannot be reached.
   */
  append(scope: MemoryScope, turn: ConversationTurn): Promise<void>;
}
