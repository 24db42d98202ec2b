import { randomUUID } from 'node:crypto';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  type McpServer,
  OAuthError,
  OAuthErrorCode,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import {
  ClientStateLimit,
  type ClientStateLimits,
  ClientStateTable,
} from './client-state-table.js';
import { jsonRpcError } from './json-rpc-error.js';
import type { MemoryPrincipal } from './memory-principal.js';
import type { LogLine } from './tool-answer.js';
import type { VerifiedPrincipal } from './verified-principal.js';

interface LegacySession {
  readonly server: McpServer;
  readonly transport: WebStandardStreamableHTTPServerTransport;
}

const isInitialize = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  (body as { method?: unknown }).method === 'initialize';

/**
 * The MCP sessions of 2025 clients (revisions 2025-06-18 and 2025-11-25),
 * served as those revisions define them: an `initialize` opens a session
 * (`Mcp-Session-Id`) with its own MCP server, so its own refs. Sessions are
 * {@link ClientStateTable} entries: one unused for the idle time is closed,
 * and a principal holding the cap of open sessions is refused another (429,
 * saying so). A session id opened by another principal is refused 403
 * `insufficient_scope`; an unknown or expired one 404.
 */
export class LegacySessions {
  readonly #table: ClientStateTable<LegacySession>;

  constructor(
    private readonly openServer: (principal: MemoryPrincipal) => McpServer,
    limits: ClientStateLimits,
    private readonly maxBodyBytes: number,
    private readonly resourceMetadataUrl: string,
    private readonly log: LogLine,
    now?: () => number,
  ) {
    this.#table = new ClientStateTable<LegacySession>(
      'open MCP sessions',
      limits,
      ({ server }) => {
        server.close().catch((error: unknown) => this.log(`closing a session: ${String(error)}`));
      },
      now,
    );
  }

  /** Serve one request of a 2025 client whose token `auth` stands for `who`. */
  async handle(
    request: Request,
    who: VerifiedPrincipal,
    auth: AuthInfo,
    parsedBody: unknown,
  ): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    const options = { authInfo: auth, ...(parsedBody === undefined ? {} : { parsedBody }) };
    if (sessionId !== null) {
      const found = this.#table.get(sessionId);
      if (found === undefined) return jsonRpcError(404, -32001, 'Session not found');
      if (found.principal !== who.key) {
        return bearerAuthChallengeResponse(
          new OAuthError(
            OAuthErrorCode.InsufficientScope,
            'This session belongs to another principal',
          ),
          { resourceMetadataUrl: this.resourceMetadataUrl },
        );
      }
      return found.value.transport.handleRequest(request, options);
    }
    if (request.method !== 'POST' || !isInitialize(parsedBody)) {
      return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    }
    const id = randomUUID();
    let session: LegacySession;
    try {
      session = this.#table.open(who.key, id, () => {
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => id,
          maxRequestBodySize: this.maxBodyBytes,
          onsessionclosed: () => this.#table.delete(id),
        });
        return { server: this.openServer(who.principal), transport };
      });
    } catch (error) {
      if (!(error instanceof ClientStateLimit)) throw error;
      return jsonRpcError(429, -32000, error.message);
    }
    session.transport.onclose = () => this.#table.delete(id);
    await session.server.connect(session.transport);
    const response = await session.transport.handleRequest(request, options);
    // An initialize the transport refused opened no session.
    if (session.transport.sessionId === undefined) this.#table.delete(id);
    return response;
  }

  /** Close every session unused for the idle time. */
  sweep(): void {
    this.#table.sweep();
  }

  /** How many sessions are open. */
  get size(): number {
    return this.#table.size;
  }

  /** Close every session. */
  close(): void {
    this.#table.clear();
  }
}
