import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/server';
import { Limits } from '@symfonic/core';
import { z } from 'zod';
import type { MemorySession } from './memory-session.js';
import { toolAnswer, toolFailure } from './tool-answer.js';

/**
 * `memory_record_turn { speaker, text }`: log one turn of the conversation
 * (the session's conversation scope), numbered by the store's atomic
 * numbering (one after the highest logged there), so concurrent calls never
 * share a number and the working window of the next recall shows it. The turn's id
 * becomes the provenance of the session's next writes.
 */
export function registerRecordTurnTool(server: McpServer, session: MemorySession): void {
  server.registerTool(
    'memory_record_turn',
    {
      title: 'Record a conversation turn',
      description:
        'Log one turn of this conversation (what the user or you said), so the next memory_recall shows the latest turns as [working] lines. Optional: call it for each user message and each of your answers if you want memory_recall to carry the conversation.',
      inputSchema: {
        speaker: z
          .string()
          .trim()
          .min(1)
          .max(Limits.id)
          .describe('Who said it: "user" or "assistant" (or a name).'),
        text: z.string().min(1).max(Limits.turnText).describe('What was said, as said.'),
      },
      outputSchema: { turnId: z.string(), turn: z.number() },
      annotations: { idempotentHint: false, openWorldHint: false },
    },
    async ({ speaker, text }) => {
      try {
        const scope = session.scopes.conversation;
        const turnId = randomUUID();
        const { turn } = await session.memory.record(scope, { turnId, speaker, text });
        session.turnLogged(turnId);
        return toolAnswer(`Recorded turn ${turn}.`, { turnId, turn });
      } catch (error) {
        return toolFailure('memory_record_turn', error, session.log);
      }
    },
  );
}
