import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryOutput } from './history-tool.js';
import type { RecallOutput } from './recall-tool.js';
import type { RememberOutput } from './remember-tool.js';
import {
  answerText,
  type HttpServerProcess,
  startHttpServer,
  structured,
} from './testing/server-process.js';

const acmeToken = randomBytes(32).toString('hex');
const globexToken = randomBytes(32).toString('hex');

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

/** One raw POST to the endpoint, with the headers given (Host included, which fetch cannot set). */
function post(url: URL, headers: Record<string, string>, body: unknown) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify(body));
    },
  );
}

describe('symfonic-mcp over Streamable HTTP with bearer tokens', () => {
  let folder: string;
  let server: HttpServerProcess;
  let acme: Client;
  let globex: Client;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-http-'));
    const tokens = join(folder, 'tokens.json');
    writeFileSync(
      tokens,
      JSON.stringify({
        tokens: [
          { token: acmeToken, tenant: 'acme', user: 'alice' },
          // The same user id in another tenant: still another person's memory.
          { token: globexToken, tenant: 'globex', user: 'alice' },
        ],
      }),
    );
    server = await startHttpServer([
      '--data',
      join(folder, 'memory'),
      '--http',
      '127.0.0.1:0',
      '--tokens',
      tokens,
    ]);
    acme = await server.connect(acmeToken);
    globex = await server.connect(globexToken);
  });
  afterAll(async () => {
    await acme?.close();
    await globex?.close();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('listens on a loopback port of its own and says where on stderr', () => {
    expect(server.url.hostname).toBe('127.0.0.1');
    expect(Number(server.url.port)).toBeGreaterThan(0);
    expect(server.stderr()).toContain('serving 2 token(s)');
  });

  it('never shows one tenant what another remembered, through recall, refs, ids or history', async () => {
    const written = await acme.callTool({
      name: 'memory_remember',
      arguments: {
        ops: [{ op: 'add', text: 'Alice of Acme keeps her savings in gold', salience: 1 }],
      },
    });
    const acmeId = String(structured<RememberOutput>(written).applied[0]?.memory.id);
    await globex.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'add', text: 'Alice of Globex keeps her savings in bonds' }] },
    });

    const acmeRecall = await acme.callTool({
      name: 'memory_recall',
      arguments: { query: 'savings' },
    });
    expect(answerText(acmeRecall)).toContain('gold');
    expect(answerText(acmeRecall)).not.toContain('bonds');
    const globexRecall = await globex.callTool({
      name: 'memory_recall',
      arguments: { query: 'savings gold' },
    });
    expect(answerText(globexRecall)).toContain('bonds');
    expect(answerText(globexRecall)).not.toContain('gold');
    expect(Object.values(structured<RecallOutput>(globexRecall).refs)).not.toContain(acmeId);

    // Globex's #1 is Globex's memory, whatever Acme's session calls #1.
    const globexHistory = await globex.callTool({
      name: 'memory_history',
      arguments: { ref: '#1' },
    });
    expect(answerText(globexHistory)).toContain('bonds');

    // Acme's id, named by Globex, is no memory at all.
    for (const name of ['memory_history', 'memory_forget']) {
      const foreign = await globex.callTool({ name, arguments: { ref: acmeId } });
      expect(foreign.isError).toBe(true);
      expect(answerText(foreign)).not.toContain('gold');
    }
    const overwrite = await globex.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'update', id: acmeId, text: 'Alice of Acme has no savings' }] },
    });
    // A model names memories by refs only: the id is refused before anything is looked up.
    expect(overwrite.isError).toBe(true);
    expect(answerText(overwrite)).toContain('never by id');
    expect(answerText(overwrite)).not.toContain('gold');
    const globexList = await globex.readResource({ uri: 'symfonic://memories' });
    expect(String((globexList.contents[0] as { text: string }).text)).not.toContain('gold');

    const acmeHistory = await acme.callTool({ name: 'memory_history', arguments: { ref: acmeId } });
    expect(structured<HistoryOutput>(acmeHistory).versions).toEqual([
      expect.objectContaining({
        change: 'created',
        text: 'Alice of Acme keeps her savings in gold',
      }),
    ]);
  });

  it('refuses a request without a token, or with a forged one, with 401 invalid_token', async () => {
    await expect(server.connect(undefined)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Missing bearer token'),
    });
    await expect(server.connect(randomBytes(32).toString('hex'))).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Unknown token'),
    });
    for (const authorization of [
      undefined,
      `Bearer ${acmeToken.slice(0, -1)}x`,
      `Basic ${acmeToken}`,
    ]) {
      const answered = await post(server.url, authorization ? { authorization } : {}, initialize);
      expect(answered.status).toBe(401);
      expect(String(answered.headers['www-authenticate'])).toMatch(/^Bearer error="invalid_token"/);
      expect(JSON.parse(answered.body).error).toBe('invalid_token');
    }
  });

  it('refuses a token reaching into the session of another tenant with 403', async () => {
    const acmeSession = (acme.transport as StreamableHTTPClientTransport).sessionId;
    expect(acmeSession).toBeDefined();
    const answered = await post(
      server.url,
      { authorization: `Bearer ${globexToken}`, 'mcp-session-id': String(acmeSession) },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'memory_recall', arguments: { query: 'savings' } },
      },
    );
    expect(answered.status).toBe(403);
    expect(JSON.parse(answered.body).error).toBe('insufficient_scope');
    expect(answered.body).not.toContain('gold');
  });

  it('answers an unknown session 404 and a non-loopback Host 403', async () => {
    const unknown = await post(
      server.url,
      { authorization: `Bearer ${acmeToken}`, 'mcp-session-id': 'no-such-session' },
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    );
    expect(unknown.status).toBe(404);
    const rebound = await post(
      server.url,
      { authorization: `Bearer ${acmeToken}`, host: `attacker.example:${server.url.port}` },
      initialize,
    );
    expect(rebound.status).toBe(403);
  });
});
