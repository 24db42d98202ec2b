import type { McpServer } from '@modelcontextprotocol/server';
import type { MemorySession } from './memory-session.js';

/** How the tools of this server carry what `instructions()` describes as a reply's JSON object. */
const overTools = `With this server, your memory is reached through tools:
- call memory_recall with the user's message before answering: it returns the memory block described below;
- to change what you remember, call memory_remember with the {"ops": [...]} object described below, instead of writing it in your answer;
- a ref such as #1 stays valid until your next memory_recall; a memory's id never changes.

`;

/**
 * The prompt `memory_instructions`: `@symfonic/memory`'s `instructions()`
 * (the block a model reads and the ops it writes), preceded by how this
 * server's tools carry them, for clients that offer prompts.
 */
export function registerInstructionsPrompt(server: McpServer, session: MemorySession): void {
  server.registerPrompt(
    'memory_instructions',
    {
      title: 'Use long-term memory',
      description: 'The instructions that teach a model to recall and remember with this server.',
    },
    () => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `${overTools}${session.memory.instructions()}` },
        },
      ],
    }),
  );
}
