import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

/** A client connected to `symfonic-mcp` over stdio, and what the server wrote on stderr so far. */
export interface StdioSession {
  readonly client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Spawn the built server (or another built `program` serving as it does) with `args` and connect
 * the SDK's `Client` to it over stdio.
 */
export async function connectStdio(
  args: readonly string[],
  program = binPath,
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [program, ...args],
    env: cleanEnvironment(),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'symfonic-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A running `symfonic-mcp --http` and its endpoint. */
export interface HttpServerProcess {
  readonly url: URL;
  stderr(): string;
  /** Connect a new SDK `Client` sending `token` (none when `undefined`). */
  connect(token: string | undefined): Promise<Client>;
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
        async connect(token) {
          const client = new Client({ name: 'symfonic-test', version: '1.0.0' });
          await client.connect(
            new StreamableHTTPClientTransport(url, {
              requestInit:
                token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
            }),
          );
          return client;
        },
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
