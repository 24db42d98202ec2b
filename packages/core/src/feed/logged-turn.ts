import { z } from 'zod';
import { conversationTurnSchema } from '../conversation-turn.js';
import { memoryScopeSchema } from '../memory-scope.js';

/**
 * A turn as the log holds it, with where and when it was logged: what
 * `MemoryStore.turns` answers and `MemoryStore.restore` writes back unchanged.
 */
export const loggedTurnSchema = conversationTurnSchema
  .extend({
    scope: memoryScopeSchema,
    /** When the turn was logged. */
    at: z.date(),
  })
  .strict();

/** `{ scope, turnId, speaker, text, turn, at }`. */
export type LoggedTurn = z.infer<typeof loggedTurnSchema>;

/** One page of `MemoryStore.turns`. */
export interface TurnPage {
  /**
   * The turns of this page: by scope (see `compareScopes`), then turn
   * number, then the order they were logged in (what `recent` orders by).
   */
  readonly turns: readonly LoggedTurn[];
  /** The cursor of the next page, passed back as `after`; absent on the last page. */
  readonly nextCursor?: string;
}
