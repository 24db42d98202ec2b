/**
 * A JSON-RPC error answer with no id, as the Streamable HTTP transport
 * answers a request it refuses before reading it as a message.
 */
export function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}
