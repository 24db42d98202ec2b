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
