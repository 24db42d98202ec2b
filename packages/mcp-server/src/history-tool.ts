import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { requireVisible } from '@symfonic/core';
import { shownText } from '@symfonic/memory';
import { z } from 'zod';
import { memoryRefInput } from './memory-ref-input.js';
import type { MemorySession } from './memory-session.js';
import { toolAnswer, toolFailure, toolRefusal } from './tool-answer.js';

const historyOutputSchema = z.object({
  id: z.string(),
  versions: z.array(
    z.object({
      version: z.number(),
      change: z.string(),
      layer: z.string(),
      text: z.string(),
      salience: z.number(),
      writer: z.string(),
      at: z.string(),
    }),
  ),
});

/** What `memory_history` answers as structured content. */
export type HistoryOutput = z.infer<typeof historyOutputSchema>;

/**
 * `memory_history { ref }`: every version of one memory of the scope, oldest
 * first, tombstone included, each text shown as the block shows it. A ref or
 * id this session's scope cannot see (unknown, or another user's or
 * tenant's) is one and the same tool error; a live memory the store answers
 * from outside the scope fails the request (a `ScopeViolation`).
 */
export function registerHistoryTool(server: McpServer, session: MemorySession): void {
  server.registerTool(
    'memory_history',
    {
      title: 'Memory history',
      description:
        'The versions of one memory, oldest first: when it was created, each update with the text it had, and its deletion if it was deleted. Use it to see what changed and when, or to check a memory before updating it.',
      inputSchema: { ref: memoryRefInput },
      outputSchema: historyOutputSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ ref }) => {
      const target = session.refs.resolve(ref);
      if (!target.ok) return toolRefusal(target.reason);
      try {
        const live = await session.store.get(session.scopes.memories, target.id);
        if (live) requireVisible([live], session.scopes.memories);
        const versions = await session.store.history(session.scopes.memories, target.id);
        if (versions.length === 0) {
          return toolRefusal(`no memory of this scope has the ref or id "${ref}"`);
        }
        const shown = versions.map((version) => ({
          version: version.version,
          change: version.change,
          layer: version.layer,
          text: shownText(version.text),
          salience: version.salience,
          writer: version.provenance.writer,
          at: version.at.toISOString(),
        }));
        const lines = shown.map(
          ({ version, change, at, text }) => `v${version} ${change} ${at}: ${text}`,
        );
        return toolAnswer(lines.join('\n'), { id: target.id, versions: shown });
      } catch (error) {
        return toolFailure('memory_history', error, session.log);
      }
    },
  );
}
