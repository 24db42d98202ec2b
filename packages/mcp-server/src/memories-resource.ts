import type { McpServer } from '@modelcontextprotocol/server';
import type { MemoryRecord } from '@symfonic/core';
import type { MemorySession } from './memory-session.js';
import { memoryView } from './memory-view.js';

/** The URI of the memories resource. */
export const memoriesResourceUri = 'symfonic://memories';

/**
 * The resource `symfonic://memories`: every live memory of the session's
 * user, oldest first, as a JSON array of `{ id, layer, text, salience,
 * updatedAt }` (all pages of the store's `list`, never cut short). A store
 * outage fails the read with the store's `MemoryUnavailable` message.
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
      do {
        const page = await session.store.list(
          session.scopes.memories,
          cursor === undefined ? {} : { cursor },
        );
        records.push(...page.records);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
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
