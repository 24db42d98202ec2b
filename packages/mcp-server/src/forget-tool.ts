import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { shownText } from '@symfonic/memory';
import { memoryRefInput } from './memory-ref-input.js';
import type { MemorySession } from './memory-session.js';
import { memoryView, memoryViewSchema } from './memory-view.js';
import { toolAnswer, toolFailure, toolRefusal } from './tool-answer.js';

/**
 * `memory_forget { ref }`: retire one memory of the scope (a `delete` op:
 * recall never shows it again; its history keeps a tombstone, which only
 * `memory_forget_all` erases), written as every model write is
 * (`Memory.applyModelOps`): a memory kept above the user (the tenant's) is
 * refused as `ancestor-read-only`. Answers the memory as it last stood. A
 * ref or id the scope cannot see is a tool error and changes nothing.
 */
export function registerForgetTool(server: McpServer, session: MemorySession): void {
  server.registerTool(
    'memory_forget',
    {
      title: 'Forget a memory',
      description:
        'Forget one memory that is no longer true or that the user asked you to forget. It will not be recalled again (its history keeps a record that it was deleted).',
      inputSchema: { ref: memoryRefInput },
      outputSchema: { forgotten: memoryViewSchema },
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ ref }) => {
      const target = session.refs.resolve(ref);
      if (!target.ok) return toolRefusal(target.reason);
      try {
        const turnId = session.lastTurnId();
        const result = await session.memory.applyModelOps(
          session.scopes.memories,
          [{ op: 'delete', id: target.id }],
          { writer: session.writer(), ...(turnId === undefined ? {} : { turnId }) },
        );
        const [done] = result.applied;
        if (!done) {
          const [refused] = result.rejected;
          const reason = refused
            ? `${refused.code}: ${shownText(refused.reason)}`
            : 'the store refused the delete';
          return toolRefusal(`nothing forgotten: ${reason}`);
        }
        const forgotten = memoryView(done.record);
        return toolAnswer(`Forgot ${forgotten.id}: "${forgotten.text}"`, { forgotten });
      } catch (error) {
        return toolFailure('memory_forget', error, session.log);
      }
    },
  );
}
