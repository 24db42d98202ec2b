import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type MemoryRecord, requireVisible, ScopeViolation } from '@symfonic/core';
import type { MemorySession } from './memory-session.js';
import { memoryView } from './memory-view.js';
import { scopeViolationMessage } from './scope-violation-fails-call.js';

/** The URI of the memories resource. */
export const memoriesResourceUri = 'symfonic://memories';

/**
 * The resource `symfonic://memories`: every live memory of the session's
 * user, oldest first, as a JSON array of `{ id, layer, text, salience,
 * updatedAt }` (all pages of the store's `list`, never cut short), each
 * text shown as the block shows it. A store outage fails the read with the
 * store's `MemoryUnavailable` message; a row from outside the scope fails it
 * naming nothing of the row (and is logged).
 */
export function registerMemoriesResource(server: McpServer, session: MemorySession): void {
  server.registerResource(
    'memories',
    memoriesResourceUri,
    {
      title: 'Remembered memories',
      description: 'Every memory kept for this user, oldest first, as JSON.',
      mimeType: 'application/json',
    },
    async (uri) => {
      const records: MemoryRecord[] = [];
      let cursor: string | undefined;
      try {
        do {
          const page = await session.store.list(
            session.scopes.memories,
            cursor === undefined ? {} : { cursor },
          );
          requireVisible(page.records, session.scopes.memories);
          records.push(...page.records);
          cursor = page.nextCursor;
        } while (cursor !== undefined);
      } catch (error) {
        if (!ScopeViolation.isInstance(error)) throw error;
        session.log(`${memoriesResourceUri}: SCOPE VIOLATION, refused: ${error.message}`);
        throw new McpError(ErrorCode.InternalError, scopeViolationMessage);
      }
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'application/json',
            text: JSON.stringify(records.map(memoryView), null, 2),
          },
        ],
      };
    },
  );
}
