import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { modelOpsPayloadSchema, shownText } from '@symfonic/memory';
import { z } from 'zod';
import type { MemorySession } from './memory-session.js';
import { memoryView, memoryViewSchema } from './memory-view.js';
import { toolAnswer, toolFailure } from './tool-answer.js';

const rememberOutputSchema = z.object({
  applied: z.array(
    z.object({
      index: z.number(),
      op: z.string(),
      ref: z.string().optional(),
      memory: memoryViewSchema,
    }),
  ),
  rejected: z.array(
    z.object({
      index: z.number(),
      code: z.string(),
      reason: z.string(),
      existingId: z.string().optional(),
    }),
  ),
});

/** What `memory_remember` answers as structured content. */
export type RememberOutput = z.infer<typeof rememberOutputSchema>;

/**
 * `memory_remember { ops }`: the ops a model writes after its answer, in
 * exactly the schema `remember` reads from a reply (`@symfonic/memory`'s
 * `modelOpsPayloadSchema`), written through `remember` at the user's scope in
 * one transaction: refs are the session's latest recall's (see
 * `SessionRefs`); an op naming a memory by id is refused, since a model
 * names memories only by refs, and a memory kept above the user (the
 * tenant's) is refused as `ancestor-read-only`. Every op comes back
 * applied or refused with its code and reason; a malformed op fails the
 * whole call, naming its field, before anything is written.
 */
export function registerRememberTool(server: McpServer, session: MemorySession): void {
  server.registerTool(
    'memory_remember',
    {
      title: 'Remember',
      description:
        'Change what you remember about this user, after you answered. "add" writes a new memory: "layer" is "semantic" for a lasting fact or "episodic" for an event; "salience" from 0 (trivia) to 1 (must never be forgotten); one self-contained statement that makes sense without this conversation. "update" rewrites a memory that is wrong or out of date (prefer it to adding a conflicting memory); "delete" retires one that is no longer true. Name a memory only by the "ref" your latest memory_recall showed ("#3"), never by id, and never invent one. Do not add what you already remember. All ops are written together; each comes back applied or refused with the reason.',
      inputSchema: modelOpsPayloadSchema,
      outputSchema: rememberOutputSchema.shape,
      annotations: { destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    async ({ ops }) => {
      try {
        const turnId = session.lastTurnId();
        const outcome = await session.memory.remember(
          session.scopes.memories,
          JSON.stringify({ ops }),
          {
            provenance: { writer: session.writer(), ...(turnId === undefined ? {} : { turnId }) },
            refs: session.refs.current(),
          },
        );
        if (outcome.unreadable)
          throw new Error(`remember could not read its own ops: ${outcome.unreadable.reason}`);
        const applied = outcome.applied.map(({ index, op, ref, record }) => ({
          index,
          op,
          ...(ref === undefined ? {} : { ref }),
          memory: memoryView(record),
        }));
        const lines = [
          `${applied.length} applied, ${outcome.rejected.length} refused.`,
          ...applied.map(
            ({ index, op, memory }) => `- op ${index} ${op}: ${memory.id} "${memory.text}"`,
          ),
          ...outcome.rejected.map(
            ({ index, code, reason }) => `- op ${index} refused (${code}): ${shownText(reason)}`,
          ),
        ];
        const rejected = outcome.rejected.map(({ index, code, reason, existingId }) => ({
          index,
          code,
          reason: shownText(reason),
          ...(existingId === undefined ? {} : { existingId }),
        }));
        return toolAnswer(lines.join('\n'), { applied, rejected });
      } catch (error) {
        return toolFailure('memory_remember', error, session.log);
      }
    },
  );
}
