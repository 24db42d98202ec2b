import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallOutput } from './recall-tool.js';
import { binPath, connectStdio, startHttpServer } from './testing/server-process.js';

/**
 * The MCP Inspector's CLI mode, as a user checks a server with it: the
 * pinned release, under Node 22 (it needs 22.19 or newer), both fetched by
 * npx from the npm registry on first use. The server runs under this Node.
 */
const inspector = ['-y', '-p', 'node@22', '-p', '@modelcontextprotocol/inspector@2.12.0', '--'];

let folder: string;

/** Run `mcp-inspector --cli …args` to its exit; its stdout is one JSON answer. */
function runInspector(
  args: readonly string[],
): Promise<{ code: number; answer: unknown; stderr: string }> {
  const home = join(folder, 'home');
  mkdirSync(home, { recursive: true });
  return new Promise((resolve) => {
    execFile(
      'npx',
      [...inspector, 'mcp-inspector', '--cli', ...args],
      {
        // Its catalog and secrets go to a folder of the test, never the user's home.
        env: {
          ...process.env,
          HOME: home,
          MCP_CATALOG_PATH: join(home, 'mcp.json'),
          MCP_INSPECTOR_SECRET_STORE: 'memory',
        },
        timeout: 600_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        let answer: unknown;
        try {
          answer = JSON.parse(stdout);
        } catch {
          answer = stdout;
        }
        resolve({ code: error ? Number(error.code ?? 1) : 0, answer, stderr });
      },
    );
  });
}

describe('the MCP Inspector (CLI mode) against the built server', () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-inspector-'));
    const seed = await connectStdio([
      '--data',
      join(folder, 'stdio'),
      '--tenant',
      'me',
      '--user',
      'me',
    ]);
    await seed.client.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'add', text: 'The user is allergic to peanuts', salience: 1 }] },
    });
    await seed.close();
  }, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const stdioServer = () => [
    '--',
    process.execPath,
    binPath,
    '--data',
    join(folder, 'stdio'),
    '--tenant',
    'me',
    '--user',
    'me',
  ];

  it('lists the tools over stdio', async () => {
    const { code, answer, stderr } = await runInspector([
      '--method',
      'tools/list',
      ...stdioServer(),
    ]);
    expect(code, stderr).toBe(0);
    const names = (answer as { tools: { name: string }[] }).tools.map(({ name }) => name);
    expect(names.sort()).toEqual([
      'memory_forget',
      'memory_history',
      'memory_recall',
      'memory_record_turn',
      'memory_remember',
    ]);
  }, 600_000); // The first run fetches Node 22 and the Inspector.

  it('calls memory_recall over stdio', async () => {
    const { code, answer, stderr } = await runInspector([
      '--method',
      'tools/call',
      '--tool-name',
      'memory_recall',
      '--tool-arg',
      'query=peanuts',
      ...stdioServer(),
    ]);
    expect(code, stderr).toBe(0);
    const { structuredContent } = answer as { structuredContent: RecallOutput };
    expect(structuredContent.block).toBe('[semantic #1] The user is allergic to peanuts');
  }, 600_000);

  it('calls memory_recall over HTTP with a bearer token', async () => {
    const token = randomBytes(32).toString('hex');
    const tokens = join(folder, 'tokens.json');
    writeFileSync(tokens, JSON.stringify({ tokens: [{ token, tenant: 'me', user: 'me' }] }));
    const server = await startHttpServer([
      '--data',
      join(folder, 'http'),
      '--http',
      '127.0.0.1:0',
      '--tokens',
      tokens,
    ]);
    try {
      // The URL first: `--header` takes every value after it.
      const { code, answer, stderr } = await runInspector([
        server.url.href,
        '--method',
        'tools/call',
        '--tool-name',
        'memory_recall',
        '--tool-arg',
        'query=peanuts',
        '--header',
        `Authorization: Bearer ${token}`,
      ]);
      expect(code, stderr).toBe(0);
      expect((answer as { structuredContent: RecallOutput }).structuredContent.block).toBe('');
      const refused = await runInspector([
        server.url.href,
        '--method',
        'tools/list',
        '--header',
        `Authorization: Bearer ${randomBytes(32).toString('hex')}`,
      ]);
      // An unknown token is answered 401 with the metadata URL: the Inspector turns to OAuth.
      expect(refused.code).not.toBe(0);
      expect(JSON.stringify(refused.answer) + refused.stderr).toContain('auth_required');
    } finally {
      await server.stop();
    }
  }, 600_000);
});
