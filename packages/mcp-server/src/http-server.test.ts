import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryOutput } from './history-tool.js';
import type { RecallOutput } from './recall-tool.js';
import type { RememberOutput } from './remember-tool.js';
import { rawHttp } from './testing/raw-http.js';
import {
  answerText,
  clientGenerations,
  type HttpServerProcess,
  startHttpServer,
  structured,
  type TestClient,
} from './testing/server-process.js';

const acmeToken = randomBytes(32).toString('hex');
const globexToken = randomBytes(32).toString('hex');
/** The cap of sessions per principal this suite starts the server with. */
const sessionCap = 8;
/** A token of Acme's Carol, whose sessions only the cap test opens. */
const crowdedToken = randomBytes(32).toString('hex');

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

let folder: string;
let server: HttpServerProcess;

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
        { token: crowdedToken, tenant: 'acme', user: 'carol' },
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
    '--sessions-per-principal',
    String(sessionCap),
  ]);
}, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe.each(clientGenerations)(
  'symfonic-mcp over Streamable HTTP with a %s client',
  (generation) => {
    let acme: TestClient;
    let globex: TestClient;
    beforeAll(async () => {
      acme = await server.connect(acmeToken, generation);
      globex = await server.connect(globexToken, generation);
    });
    afterAll(async () => {
      await acme?.close();
      await globex?.close();
    });

    it('never shows one tenant what another remembered, through recall, refs, ids or history', async () => {
      const written = await acme.callTool({
        name: 'memory_remember',
        arguments: {
          ops: [
            {
              op: 'add',
              text: `Alice of Acme keeps her savings in gold (${generation})`,
              salience: 1,
            },
          ],
        },
      });
      const acmeId = String(structured<RememberOutput>(written).applied[0]?.memory.id);
      await globex.callTool({
        name: 'memory_remember',
        arguments: {
          ops: [{ op: 'add', text: `Alice of Globex keeps her savings in bonds (${generation})` }],
        },
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

      // Globex's #1 is Globex's memory, whatever Acme's client calls #1.
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

      const acmeHistory = await acme.callTool({
        name: 'memory_history',
        arguments: { ref: acmeId },
      });
      expect(structured<HistoryOutput>(acmeHistory).versions).toEqual([
        expect.objectContaining({
          change: 'created',
          text: `Alice of Acme keeps her savings in gold (${generation})`,
        }),
      ]);
    });

    it('takes a full memory_remember: 256 ops of 4,000 characters, over 3 MB', async () => {
      const ops = Array.from({ length: 256 }, (_, index) => ({
        op: 'add',
        layer: 'episodic',
        text: `${generation} ${index} `.padEnd(4_000, '€'),
      }));
      expect(Buffer.byteLength(JSON.stringify({ ops }))).toBeGreaterThan(3_000_000);
      const answered = await globex.callTool({ name: 'memory_remember', arguments: { ops } });
      expect(answered.isError).toBeFalsy();
      expect(structured<RememberOutput>(answered).applied).toHaveLength(256);
    });

    it('refuses a connection without a token, or with a forged one', async () => {
      await expect(server.connect(undefined, generation)).rejects.toThrow(
        /invalid_token|401|nauthorized/,
      );
      await expect(server.connect(randomBytes(32).toString('hex'), generation)).rejects.toThrow(
        /invalid_token|401|nauthorized/,
      );
    });
  },
);

describe('symfonic-mcp over HTTP, at the edges', () => {
  it('answers a request without a valid token 401 invalid_token naming the protected-resource metadata', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${acmeToken.slice(0, -1)}x`,
      `Basic ${acmeToken}`,
    ]) {
      const answered = await post(server.url, authorization ? { authorization } : {}, initialize);
      expect(answered.status).toBe(401);
      const challenge = String(answered.headers['www-authenticate']);
      expect(challenge).toMatch(/^Bearer /);
      expect(challenge).toContain('error="invalid_token"');
      expect(challenge).toContain(
        `resource_metadata="http://127.0.0.1:${server.url.port}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(JSON.parse(answered.body).error).toBe('invalid_token');
    }
  });

  it('publishes its protected-resource metadata (RFC 9728) without a token', async () => {
    const metadata = await fetch(
      new URL('/.well-known/oauth-protected-resource/mcp', server.url),
    ).then((response) => response.json());
    expect(metadata).toMatchObject({
      resource: server.url.href,
      bearer_methods_supported: ['header'],
    });
  });

  it('refuses a token reaching into the session of another tenant with 403', async () => {
    const opened = await post(server.url, { authorization: `Bearer ${acmeToken}` }, initialize);
    const acmeSession = String(opened.headers['mcp-session-id']);
    expect(acmeSession).toMatch(/^[0-9a-f-]{36}$/);
    const answered = await post(
      server.url,
      { authorization: `Bearer ${globexToken}`, 'mcp-session-id': acmeSession },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'memory_recall', arguments: { query: 'savings' } },
      },
    );
    expect(answered.status).toBe(403);
    expect(JSON.parse(answered.body).error).toBe('insufficient_scope');
    expect(String(answered.headers['www-authenticate'])).toContain('error="insufficient_scope"');
    expect(answered.body).not.toContain('gold');
  });

  it('answers an unknown session 404, and a non-loopback Host or Origin 403', async () => {
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
    const crossSite = await post(
      server.url,
      { authorization: `Bearer ${acmeToken}`, origin: 'https://attacker.example' },
      initialize,
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toContain('Origin');
    const sameMachine = await post(
      server.url,
      { authorization: `Bearer ${acmeToken}`, origin: `http://localhost:${server.url.port}` },
      initialize,
    );
    expect(sameMachine.status).toBe(200);
  });

  it('refuses two Host headers, and an absolute-form URL naming another host', async () => {
    const port = Number(server.url.port);
    const body = JSON.stringify(initialize);
    const common = [
      `authorization: Bearer ${acmeToken}`,
      'content-type: application/json',
      'accept: application/json, text/event-stream',
    ];
    const twice = await rawHttp(
      port,
      [
        'POST /mcp HTTP/1.1',
        `host: 127.0.0.1:${port}`,
        `host: attacker.example:${port}`,
        ...common,
      ],
      body,
    );
    expect(twice.status).toBe(400);
    expect(twice.body).toContain('2 Host headers');
    const elsewhere = await rawHttp(
      port,
      [`POST http://attacker.example:${port}/mcp HTTP/1.1`, `host: 127.0.0.1:${port}`, ...common],
      body,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toContain('names another host');
    const same = await rawHttp(
      port,
      [`POST http://127.0.0.1:${port}/mcp HTTP/1.1`, `host: 127.0.0.1:${port}`, ...common],
      body,
    );
    expect(same.status).toBe(200);
  });

  it('answers 413 to a body over 8 MiB before reading it, and 400 to a body that is not JSON', async () => {
    const port = Number(server.url.port);
    const head = [
      'POST /mcp HTTP/1.1',
      `host: 127.0.0.1:${port}`,
      `authorization: Bearer ${acmeToken}`,
      'content-type: application/json',
      'accept: application/json, text/event-stream',
    ];
    const large = await rawHttp(port, head, '', 8 * 1024 * 1024 + 1);
    expect(large.status).toBe(413);
    expect(large.body).toContain('over 8388608 bytes');
    const garbled = await rawHttp(port, head, '{"jsonrpc": "2.0", "method"');
    expect(garbled.status).toBe(400);
    expect(garbled.body).toContain('"code":-32700'); // The body comes chunked: not parsed here.
  });

  it('caps the sessions of one principal and says so; ending one frees its place', async () => {
    const opened: string[] = [];
    for (let index = 0; index < sessionCap; index += 1) {
      const answered = await post(
        server.url,
        { authorization: `Bearer ${crowdedToken}` },
        initialize,
      );
      expect(answered.status).toBe(200);
      opened.push(String(answered.headers['mcp-session-id']));
    }
    const refused = await post(server.url, { authorization: `Bearer ${crowdedToken}` }, initialize);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.message).toBe(
      `too many open MCP sessions: this principal already holds ${sessionCap}, the most it may; end one, or wait until one has been unused for 30 minutes`,
    );
    // Another principal is not affected by Carol's sessions.
    expect(
      (await post(server.url, { authorization: `Bearer ${globexToken}` }, initialize)).status,
    ).toBe(200);
    const ended = await fetch(server.url, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${crowdedToken}`,
        'mcp-session-id': String(opened[0]),
        'mcp-protocol-version': '2025-06-18',
      },
    });
    expect(ended.status).toBe(200);
    expect(
      (await post(server.url, { authorization: `Bearer ${crowdedToken}` }, initialize)).status,
    ).toBe(200);
  });
});
