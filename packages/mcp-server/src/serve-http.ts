import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bearerAuthChallengeResponse,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  type McpServer,
  type OAuthProtectedResourceMetadata,
  type OAuthTokenVerifier,
  validateHostHeader,
  validateOriginHeader,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import { clientRefs } from './client-refs.js';
import {
  type ClientStateLimits,
  ClientStateTable,
  defaultClientStateLimits,
} from './client-state-table.js';
import { jsonRpcError } from './json-rpc-error.js';
import { LegacySessions } from './legacy-sessions.js';
import type { MemoryPrincipal } from './memory-principal.js';
import type { MemoryRefs } from './memory-refs.js';
import { readBody, sendWebResponse, webRequest } from './node-web-bridge.js';
import type { SessionRefs } from './session-refs.js';
import type { LogLine } from './tool-answer.js';
import { principalOf } from './verified-principal.js';

/**
 * The largest request body read, in bytes (8 MiB): the largest
 * `memory_remember` is 256 ops of 4,000 characters, 6.1 MB when every
 * character is written as a six-byte JSON escape, and the envelope around
 * it. A larger body is answered 413 before it is parsed.
 */
export const largestRequestBytes = 8 * 1024 * 1024;

/** The path of the MCP endpoint. */
export const endpointPath = '/mcp';

/** Options of {@link serveHttp}. */
export interface HttpServeOptions {
  /** The address to listen on, e.g. `127.0.0.1`. */
  readonly host: string;
  /** The port; 0 picks a free one (see the answered `url`). */
  readonly port: number;
  /**
   * The public URL of the MCP endpoint, which tokens must name as their
   * audience; default the endpoint as bound, `http://host:port/mcp`.
   */
  readonly resourceUrl?: URL;
  /** Given the resource URL, the verifier of bearer tokens (it decides whose memory a token reaches). */
  readonly verifier: (resource: URL) => OAuthTokenVerifier | Promise<OAuthTokenVerifier>;
  /** The authorization servers that issue tokens, for the protected-resource metadata. */
  readonly authorizationServers?: readonly string[];
  /**
   * A new MCP server for `principal`; `refs` is given for a stateless
   * (2026-07-28) request, whose refs live outside the server instance.
   */
  readonly openServer: (
    principal: MemoryPrincipal,
    refs: ((clientName: () => string) => MemoryRefs) | undefined,
  ) => McpServer;
  /** Idle time and per-principal cap of sessions and refs; default 30 minutes, 16. */
  readonly limits?: ClientStateLimits;
  /** The clock of the idle time, in ms (benchmarks move it); default `Date.now`. */
  readonly now?: () => number;
  readonly log: LogLine;
}

/** A running HTTP endpoint. */
export interface HttpEndpoint {
  /** The MCP endpoint as bound, e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: URL;
  /** The resource URL tokens must name as their audience. */
  readonly resource: URL;
  /** How many 2025 sessions and 2026-07-28 clients' refs are held. */
  held(): { readonly sessions: number; readonly refs: number };
  /** Drop what has been idle for the idle time (a timer does it every minute). */
  sweep(): void;
  /** Close every session and stop listening. */
  close(): Promise<void>;
}

const loopbackBinds = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Why the request's target or `Host` is refused, or `undefined`: exactly
 * one `Host` header; an absolute-form target only when it names that
 * host; bound to a loopback address, a loopback name only, and an
 * `Origin`, when a browser sends one, of a loopback origin (a web page
 * cannot reach the server through DNS rebinding or a cross-site request).
 */
function hostRefusal(
  request: IncomingMessage,
  loopbackOnly: boolean,
): { status: number; reason: string } | undefined {
  const hosts: string[] = [];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]?.toLowerCase() === 'host') {
      hosts.push(request.rawHeaders[index + 1] ?? '');
    }
  }
  if (hosts.length !== 1) {
    return { status: 400, reason: `the request carries ${hosts.length} Host headers, not one` };
  }
  const [host = ''] = hosts;
  const target = request.url ?? '/';
  if (!target.startsWith('/')) {
    let named: string;
    try {
      named = new URL(target).host;
    } catch {
      return { status: 400, reason: 'the request target is neither a path nor a URL' };
    }
    if (named.toLowerCase() !== host.toLowerCase()) {
      return { status: 400, reason: 'the request URL names another host than its Host header' };
    }
  }
  if (loopbackOnly && !validateHostHeader(host, localhostAllowedHostnames()).ok) {
    return { status: 403, reason: 'Forbidden: the Host header is not a loopback name' };
  }
  const origin = request.headers.origin;
  if (loopbackOnly && !validateOriginHeader(origin, localhostAllowedOrigins()).ok) {
    return { status: 403, reason: 'Forbidden: the Origin header is not a loopback origin' };
  }
  return undefined;
}

/**
 * Serve MCP over Streamable HTTP at `http://host:port/mcp`, through the
 * SDK's handler on plain `node:http`:
 *
 * - 2026-07-28 clients statelessly (`createMcpHandler`: a server instance
 *   per request, no session), so any instance on the same database answers
 *   any request; their refs are kept per principal and client name;
 * - 2025-06-18 and 2025-11-25 clients in sessions ({@link LegacySessions}).
 *
 * Every request passes, in order: the `Host` checks ({@link hostRefusal}),
 * the path, the bearer token through the SDK's `verifyBearerToken` (with
 * the resource URL as the expected audience; a refusal is `401
 * invalid_token` with `WWW-Authenticate` naming the protected-resource
 * metadata), the body limit ({@link largestRequestBytes}, 413), JSON (a
 * body that is not is a parse error, 400). The
 * protected-resource metadata (RFC 9728) is served without a token at
 * `/.well-known/oauth-protected-resource/mcp`.
 *
 * @throws (rejects) the listen error, e.g. `EADDRINUSE`.
 */
export async function serveHttp(options: HttpServeOptions): Promise<HttpEndpoint> {
  const limits = options.limits ?? defaultClientStateLimits;
  const loopbackOnly = loopbackBinds.has(options.host);
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = new URL(`http://${host}:${port}${endpointPath}`);
  const resource = options.resourceUrl ?? url;
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  const metadataPath = new URL(metadataUrl).pathname;
  const metadata: OAuthProtectedResourceMetadata = {
    resource: resource.href,
    ...(options.authorizationServers && options.authorizationServers.length > 0
      ? { authorization_servers: [...options.authorizationServers] }
      : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'Symfonic memory',
  };
  let verifier: OAuthTokenVerifier;
  try {
    verifier = await options.verifier(resource);
  } catch (error) {
    http.close();
    throw error;
  }

  const refs = new ClientStateTable<SessionRefs>(
    'clients with refs',
    limits,
    undefined,
    options.now,
  );
  const legacy = new LegacySessions(
    (principal) => options.openServer(principal, undefined),
    limits,
    largestRequestBytes,
    metadataUrl,
    options.log,
    options.now,
  );
  const modern = createMcpHandler(
    (context) => {
      const who = principalOf(context.authInfo);
      return options.openServer(who.principal, (clientName) =>
        clientRefs(refs, who.key, clientName),
      );
    },
    {
      legacy: 'reject',
      maxRequestBodySize: largestRequestBytes,
      onerror: (error) => options.log(`http: ${error.message}`),
    },
  );

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refused = hostRefusal(request, loopbackOnly);
    if (refused) {
      await sendWebResponse(response, jsonRpcError(refused.status, -32000, refused.reason));
      return;
    }
    const target = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (target.pathname === metadataPath) {
      await sendWebResponse(
        response,
        request.method === 'GET'
          ? Response.json(metadata, { headers: { 'access-control-allow-origin': '*' } })
          : new Response(null, { status: 405, headers: { allow: 'GET' } }),
      );
      return;
    }
    if (target.pathname !== endpointPath) {
      await sendWebResponse(
        response,
        Response.json(
          { error: 'not_found', error_description: `the MCP endpoint is ${endpointPath}` },
          { status: 404 },
        ),
      );
      return;
    }
    let auth: Awaited<ReturnType<typeof verifyBearerToken>>;
    try {
      auth = await verifyBearerToken(request.headers.authorization, {
        verifier,
        expectedResource: resource,
        resourceMetadataUrl: metadataUrl,
      });
    } catch (error) {
      await sendWebResponse(
        response,
        bearerAuthChallengeResponse(error, { resourceMetadataUrl: metadataUrl }),
      );
      return;
    }
    const who = principalOf(auth);
    const body =
      request.method === 'POST' ? await readBody(request, largestRequestBytes) : undefined;
    if (request.method === 'POST' && body === undefined) {
      response.setHeader('connection', 'close');
      await sendWebResponse(
        response,
        jsonRpcError(
          413,
          -32600,
          `the request body is over ${largestRequestBytes} bytes, the most this server reads`,
        ),
      );
      return;
    }
    let parsedBody: unknown;
    try {
      parsedBody = body && body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
    } catch {
      await sendWebResponse(
        response,
        jsonRpcError(400, -32700, 'Parse error: the body is not JSON'),
      );
      return;
    }
    const aborted = new AbortController();
    response.once('close', () => aborted.abort());
    const web = webRequest(request, target, body, aborted.signal);
    const answer = (await isLegacyRequest(web, parsedBody, {
      maxRequestBodySize: largestRequestBytes,
    }))
      ? await legacy.handle(web, who, auth, parsedBody)
      : await modern.fetch(web, {
          authInfo: auth,
          ...(parsedBody === undefined ? {} : { parsedBody }),
        });
    await sendWebResponse(response, answer);
  }

  http.on('request', (request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`http: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) {
        void sendWebResponse(response, jsonRpcError(500, -32603, 'Internal error'));
      } else response.end();
    });
  });
  const sweep = () => {
    legacy.sweep();
    refs.sweep();
  };
  const sweeper = setInterval(sweep, 60_000);
  sweeper.unref();

  return {
    url,
    resource,
    held: () => ({ sessions: legacy.size, refs: refs.size }),
    sweep,
    async close() {
      clearInterval(sweeper);
      legacy.close();
      refs.clear();
      await modern.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
