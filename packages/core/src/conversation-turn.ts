import { z } from 'zod';
import { Limits } from './limits.js';

/**
 * One thing that was said, as the conversation log holds it. `speaker` may be
 * empty (rows that predate speakers); `turn` orders turns within a scope.
 */
export const conversationTurnSchema = z
  .object({
    turnId: z.string().min(1).max(Limits.id),
    speaker: z.string().max(Limits.id).default(''),
    text: z.string().max(Limits.turnText),
    turn: z.number().int().min(0),
  })
  .strict();

/** `{ turnId, speaker, text, turn }`. */
export type ConversationTurn = z.infer<typeof conversationTurnSchema>;

/**
 * A turn as a writer hands it to the log: `turn` may be left out, and the log
 * then gives it the next position of its conversation (one more than the
 * highest turn number logged at that scope, 0 for the first), atomically, so
 * concurrent writers never share a number. An explicit `turn` is kept as given.
 */
export const conversationTurnInputSchema = conversationTurnSchema.extend({
  turn: conversationTurnSchema.shape.turn.optional(),
});

/** `{ turnId, speaker?, text, turn? }`: a turn as a writer hands it to the log. */
export type ConversationTurnInput = z.input<typeof conversationTurnInputSchema>;
