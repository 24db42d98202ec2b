import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** What a client is told when a tool call stopped on a `ScopeViolation`: nothing of the row. */
export const scopeViolationMessage =
  'refused: the store answered a memory outside this scope; nothing of it was shown (see the server log)';

/** The `_meta` key marking a tool answer as a scope violation; the request fails, so no client sees it. */
const violationMark = 'symfonic/scope-violation';

/**
 * The answer of a tool call that stopped on a `ScopeViolation`: marked (in
 * `_meta`, which the SDK's result validation keeps) so that
 * {@link failCallsOnScopeViolation} turns it into a failed request.
 */
export function scopeViolationAnswer(): CallToolResult {
  return {
    content: [{ type: 'text', text: scopeViolationMessage }],
    isError: true,
    _meta: { [violationMark]: true },
  };
}

/** Whether `result` is a {@link scopeViolationAnswer}. */
function isViolation(result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return false;
  const meta = (result as { _meta?: unknown })._meta;
  return (
    typeof meta === 'object' &&
    meta !== null &&
    (meta as Record<string, unknown>)[violationMark] === true
  );
}

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * Make a tool call that stopped on a `ScopeViolation` fail the MCP request
 * (a JSON-RPC error, `InternalError`, whose message names nothing of the
 * row) instead of answering a tool result a model would read: the MCP SDK's
 * `McpServer` answers every error a tool throws as a tool result, so the
 * tools answer {@link scopeViolationAnswer} and this wraps the server's
 * `tools/call` handler to fail the request on it. Call it once, after every
 * tool is registered.
 *
 * @throws Error when the SDK's server keeps no `tools/call` handler where this version keeps it.
 */
export function failCallsOnScopeViolation(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  const original =
    handlers instanceof Map
      ? (handlers.get('tools/call') as RequestHandler | undefined)
      : undefined;
  if (!(handlers instanceof Map) || !original) {
    throw new Error(
      'the MCP SDK server keeps no tools/call handler to wrap: check the SDK version',
    );
  }
  handlers.set('tools/call', async (request: unknown, extra: unknown) => {
    const result = await original(request, extra);
    if (isViolation(result)) {
      throw new McpError(ErrorCode.InternalError, scopeViolationMessage);
    }
    return result;
  });
}
