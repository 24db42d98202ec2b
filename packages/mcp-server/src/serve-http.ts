import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  InsufficientScopeError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { MemoryPrincipal } from './memory-principal.js';
import type { TokenTable } from './token-table.js';
import type { LogLine } from './tool-answer.js';

/** Options of {@link serveHttp}. */
export interface HttpServeOptions {
  /** The address to listen on, e.g. `127.0.0.1`. */
  readonly host: string;
  /** The port; 0 picks a free one (see the answered `url`). */
  readonly port: number;
  /** Which bearer token stands for which principal. */
  readonly tokens: TokenTable;
  /** A new MCP server for one session of `principal`. */
  readonly openSession: (principal: MemoryPrincipal) => McpServer;
  readonly log: LogLine;
}

/** A running HTTP endpoint. */
export interface HttpEndpoint {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: URL;
  /** Close every session and stop listening. */
  close(): Promise<void>;
}

interface HttpSession {
  readonly tokenKey: string;
  readonly transport: StreamableHTTPServerTransport;
  readonly server: McpServer;
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const endpointPath = '/mcp';

function answer(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));
}

function refuseToken(response: ServerResponse, description: string): void {
  const error = new InvalidTokenError(description);
  answer(response, 401, error.toResponseObject(), {
    'www-authenticate': `Bearer error="${error.errorCode}", error_description="${description}"`,
  });
}

function jsonRpcError(response: ServerResponse, status: number, code: number, message: string) {
  answer(response, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

/** The host name a request's `Host` header names, `''` when it names none. */
function hostnameOf(request: IncomingMessage): string {
  try {
    return new URL(`http://${request.headers.host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

function bearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([^\s]+)$/i.exec(header);
  return match?.[1];
}

/**
 * Serve MCP over Streamable HTTP at `http://host:port/mcp`. Every request
 * must carry `Authorization: Bearer <token>` of a token the table lists:
 * with none, or an unknown one, it is answered 401 with `WWW-Authenticate:
 * Bearer error="invalid_token"`. A request without a session id that
 * initializes opens a session for its token's principal (its own MCP server,
 * so its own refs); a request naming a session opened with another token is
 * answered 403 `insufficient_scope`, an unknown session 404. Bound to a
 * loopback address, a request whose `Host` is not a loopback name is
 * answered 403 (a web page cannot reach the server through DNS rebinding).
 *
 * @throws (rejects) the listen error, e.g. `EADDRINUSE`.
 */
export async function serveHttp(options: HttpServeOptions): Promise<HttpEndpoint> {
  const sessions = new Map<string, HttpSession>();
  const checkHost = loopback.has(options.host);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (checkHost && !loopback.has(hostnameOf(request))) {
      jsonRpcError(response, 403, -32000, 'Forbidden: the Host header is not a loopback name');
      return;
    }
    if (url.pathname !== endpointPath) {
      answer(response, 404, {
        error: 'not_found',
        error_description: `the MCP endpoint is ${endpointPath}`,
      });
      return;
    }
    const token = bearerToken(request);
    if (token === undefined) {
      refuseToken(response, 'Missing bearer token');
      return;
    }
    const holder = options.tokens.lookUp(token);
    if (!holder) {
      refuseToken(response, 'Unknown token');
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) {
        jsonRpcError(response, 404, -32001, 'Session not found');
        return;
      }
      if (session.tokenKey !== holder.key) {
        const error = new InsufficientScopeError('This session belongs to another token');
        answer(response, 403, error.toResponseObject(), {
          'www-authenticate': `Bearer error="${error.errorCode}", error_description="${error.message}"`,
        });
        return;
      }
      await session.transport.handleRequest(request, response);
      return;
    }
    const server = options.openSession(holder.principal);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { tokenKey: holder.key, transport, server });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
    // Anything but an initialize request answers 400 and opens no session: drop its server.
    if (transport.sessionId === undefined) await server.close();
  }

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`http: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) jsonRpcError(response, 500, -32603, 'Internal error');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: new URL(`http://${host}:${port}${endpointPath}`),
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
