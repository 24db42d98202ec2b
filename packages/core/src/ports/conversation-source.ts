import type { ConversationTurn } from '../conversation-turn.js';
import type { MemoryScope } from '../memory-scope.js';

/** The conversation log, as hydration reads it. */
export interface ConversationSource {
  /**
   * The last `limit` turns logged at exactly `scope` (not its ancestors or
   * descendants), oldest first. `limit` 0 answers `[]`.
   *
   * @throws MemoryUnavailable when the log cannot be reached.
   */
  recent(scope: MemoryScope, limit: number): Promise<readonly ConversationTurn[]>;
}
