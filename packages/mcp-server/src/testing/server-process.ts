import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  Client as ClientV2,
  type FetchLike,
  StreamableHTTPClientTransport as HttpTransportV2,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The built `symfonic-mcp` (the package's `bin`), run with this Node as an MCP client would. */
export const binPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** An environment without the variables that would change the server's storage. */
const cleanEnvironment = (): Record<string, string> => {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && name !== 'SYMFONIC_DATABASE_URL') environment[name] = value;
  }
  return environment;
};

/**
 * The two generations of official MCP clients every suite runs with: the v1
 * `Client` of `@modelcontextprotocol/sdk` (protocol revisions up to
 * 2025-11-25, in a session) and the v2 `Client` of
 * `@modelcontextprotocol/client` pinned to revision 2026-07-28 (stateless).
 */
export const clientGenerations = ['2025-11-25', '2026-07-28'] as const;

/** A protocol revision of {@link clientGenerations}. */
export type ClientGeneration = (typeof clientGenerations)[number];

/**
 * What the suites call on a client. Both generations answer these methods
 * with the same shapes; typed once as the v1 client's, which the v2 client
 * matches structurally.
 */
export type TestClient = Pick<
  ClientV1,
  'callTool' | 'listTools' | 'listResources' | 'readResource' | 'getPrompt' | 'close'
>;

function newClient(generation: ClientGeneration, name = 'symfonic-test'): ClientV1 | ClientV2 {
  const clientInfo = { name, version: '1.0.0' };
  return generation === '2025-11-25'
    ? new ClientV1(clientInfo)
    : new ClientV2(clientInfo, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
}

/** A client connected to `symfonic-mcp` over stdio, and what the server wrote on stderr so far. */
export interface StdioSession {
  readonly client: TestClient;
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Spawn the built server (or another built `program` serving as it does)
 * with `args` and connect a client of `generation` to it over stdio.
 */
export async function connectStdio(
  args: readonly string[],
  generation: ClientGeneration = '2025-11-25',
  program = binPath,
): Promise<StdioSession> {
  const parameters = {
    command: process.execPath,
    args: [program, ...args],
    env: cleanEnvironment(),
    stderr: 'pipe' as const,
  };
  let stderr = '';
  const client = newClient(generation);
  if (client instanceof ClientV1) {
    const transport = new StdioTransportV1(parameters);
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await client.connect(transport);
  } else {
    const transport = new StdioTransportV2(parameters);
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await client.connect(transport);
  }
  return {
    client: client as TestClient,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/**
 * Connect a client of `generation` to the Streamable HTTP endpoint `url`,
 * sending `token` (none when `undefined`), named `name` (default
 * `symfonic-test`), its requests going through `fetch` when given (e.g. a
 * load balancer's).
 */
export async function connectHttp(
  url: URL,
  token: string | undefined,
  generation: ClientGeneration,
  { fetch, name }: { readonly fetch?: FetchLike; readonly name?: string } = {},
): Promise<TestClient & { sessionId(): string | undefined }> {
  const options = {
    requestInit: token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
    ...(fetch === undefined ? {} : { fetch }),
  };
  const client = newClient(generation, name);
  const transport =
    client instanceof ClientV1
      ? new HttpTransportV1(url, options)
      : new HttpTransportV2(url, options);
  if (client instanceof ClientV1) await client.connect(transport as HttpTransportV1);
  else await client.connect(transport as HttpTransportV2);
  return Object.assign(client as TestClient, { sessionId: () => transport.sessionId });
}

/** A running `symfonic-mcp --http` and its endpoint. */
export interface HttpServerProcess {
  readonly url: URL;
  stderr(): string;
  /** Connect a new client of `generation` sending `token` (none when `undefined`). */
  connect(token: string | undefined, generation?: ClientGeneration): ReturnType<typeof connectHttp>;
  stop(): Promise<void>;
}

/**
 * Spawn the built server (or another built `program` serving as it does) with `args` (which
 * include `--http 127.0.0.1:0`, a free port) and wait for the line on stderr that names its
 * endpoint.
 */
export function startHttpServer(
  args: readonly string[],
  program = binPath,
): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [program, ...args], {
    env: cleanEnvironment(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const found = /at (http:\/\/\S+\/mcp)/.exec(stderr);
      if (!found?.[1]) return;
      child.removeAllListeners('exit');
      const url = new URL(found[1]);
      resolve({
        url,
        stderr: () => stderr,
        connect: (token, generation = '2025-11-25') => connectHttp(url, token, generation),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** What a run of the built server printed and its exit code. */
export interface BinRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run the built server with `args` to its exit (for `--help` and start failures). */
export function runBin(args: readonly string[]): Promise<BinRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binPath, ...args],
      { env: cleanEnvironment(), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The structured content of a tool answer, as the tool's output type `T`. */
export function structured<T>(result: unknown): T {
  return (result as CallToolResult).structuredContent as T;
}

/** The text of a tool answer (its one text block). */
export function answerText(result: unknown): string {
  const { content } = result as CallToolResult;
  return content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}
