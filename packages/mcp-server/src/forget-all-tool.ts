import type { McpServer } from '@modelcontextprotocol/server';
import { formatScope } from '@symfonic/core';
import { z } from 'zod';
import type { MemorySession } from './memory-session.js';
import { toolAnswer, toolFailure } from './tool-answer.js';

/**
 * `memory_forget_all { confirm: true }`, registered only when the server is
 * started with `--allow-forget-all`: erase everything kept for the session's
 * user (memories, their history, every conversation's turns), the right to
 * erasure. Answers how many memories and turns were erased.
 */
export function registerForgetAllTool(server: McpServer, session: MemorySession): void {
  server.registerTool(
    'memory_forget_all',
    {
      title: 'Erase all memory of this user',
      description:
        'Erase everything remembered about this user: every memory, its history, and every logged conversation turn. It cannot be undone. Call it only when the user explicitly asks for all their memory to be erased, with "confirm": true.',
      inputSchema: {
        confirm: z
          .literal(true)
          .describe('Must be true: the user asked for all of their memory to be erased.'),
      },
      outputSchema: { memories: z.number(), turns: z.number() },
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      try {
        const erased = await session.store.forget(session.scopes.memories);
        session.refs.replaceWith({});
        session.log(
          `memory_forget_all: erased ${erased.memories} memories and ${erased.turns} turns of ${formatScope(session.scopes.memories)}`,
        );
        return toolAnswer(
          `Erased ${erased.memories} memories (with their history) and ${erased.turns} conversation turns.`,
          { memories: erased.memories, turns: erased.turns },
        );
      } catch (error) {
        return toolFailure('memory_forget_all', error, session.log);
      }
    },
  );
}
