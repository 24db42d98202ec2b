import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryView } from './memory-view.js';
import {
  answerText,
  clientGenerations,
  type HttpServerProcess,
  startHttpServer,
} from './testing/server-process.js';
import { createTestIssuer, type TestIssuer, tampered, testIssuer } from './testing/token-issuer.js';

const mallory = { tenant: 'acme', user: 'mallory' };

/** A `tools/call memory_remember` as a 2026-07-28 client sends it. */
const modernRemember = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: {
    name: 'memory_remember',
    arguments: { ops: [{ op: 'add', text: 'Mallory was here' }] },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
};

describe('symfonic-mcp over HTTP as an OAuth resource server (JWTs against a JWKS URL)', () => {
  let folder: string;
  let issuer: TestIssuer;
  let keys: Server;
  let server: HttpServerProcess;
  let audience: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-jwt-'));
    issuer = await createTestIssuer();
    keys = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(issuer.jwks));
    });
    await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', resolve));
    const { port } = keys.address() as AddressInfo;
    server = await startHttpServer([
      '--data',
      join(folder, 'memory'),
      '--http',
      '127.0.0.1:0',
      '--jwks-url',
      `http://127.0.0.1:${port}/jwks.json`,
      '--jwt-issuer',
      testIssuer,
    ]);
    audience = server.url.href;
  }, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.
  afterAll(async () => {
    await server?.stop();
    keys?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('says on stderr whose tokens it accepts, and publishes the issuer in its metadata', async () => {
    expect(server.stderr()).toContain(`serving JWTs of ${testIssuer} at ${audience}`);
    const metadata = await fetch(
      new URL('/.well-known/oauth-protected-resource/mcp', server.url),
    ).then((response) => response.json());
    expect(metadata).toMatchObject({ resource: audience, authorization_servers: [testIssuer] });
  });

  it.each(clientGenerations)('serves a %s client whose token is valid', async (generation) => {
    const token = await issuer.sign({ audience, principal: { tenant: 'acme', user: 'alice' } });
    const client = await server.connect(token, generation);
    try {
      const written = await client.callTool({
        name: 'memory_remember',
        arguments: { ops: [{ op: 'add', text: `Alice signs in through SSO (${generation})` }] },
      });
      expect(written.isError).toBeFalsy();
      const recalled = await client.callTool({
        name: 'memory_recall',
        arguments: { query: 'SSO' },
      });
      expect(answerText(recalled)).toContain(`Alice signs in through SSO (${generation})`);
    } finally {
      await client.close();
    }
  });

  it('refuses every bad token with 401 invalid_token and its reason, and none reaches the store', async () => {
    const valid = await issuer.sign({ audience, principal: mallory });
    const bad: Record<string, string> = {
      expired: await issuer.sign({ audience, principal: mallory, expiresIn: -60 }),
      'wrong audience': await issuer.sign({
        audience: 'https://memory.example.test/mcp',
        principal: mallory,
      }),
      'wrong issuer': await issuer.sign({
        audience,
        principal: mallory,
        issuer: 'https://evil.example.test',
      }),
      unsigned: issuer.unsigned({ audience, principal: mallory }),
      tampered: tampered(valid, {
        ...decodeJwt(valid),
        symfonic: { tenant: 'acme', user: 'alice' },
      }),
      'missing claim': await issuer.sign({ audience }),
      'unknown key': await issuer.signWithOtherKey({ audience, principal: mallory }),
    };
    for (const [name, token] of Object.entries(bad)) {
      const answered = await fetch(server.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
        },
        body: JSON.stringify(modernRemember),
      });
      expect(answered.status, name).toBe(401);
      const challenge = String(answered.headers.get('www-authenticate'));
      expect(challenge, name).toContain('error="invalid_token"');
      expect(challenge, name).toContain('resource_metadata=');
      expect(((await answered.json()) as { error: string }).error, name).toBe('invalid_token');
      for (const generation of clientGenerations) {
        await expect(server.connect(token, generation), `${name} ${generation}`).rejects.toThrow(
          /invalid_token|401|nauthorized/,
        );
      }
    }
    // Nothing any refused request carried was written: Mallory's memory is empty, Alice's has no trace.
    for (const principal of [mallory, { tenant: 'acme', user: 'alice' }]) {
      const client = await server.connect(await issuer.sign({ audience, principal }), '2026-07-28');
      try {
        const read = await client.readResource({ uri: 'symfonic://memories' });
        const listed = JSON.parse(String((read.contents[0] as { text: string }).text));
        expect(listed.map(({ text }: MemoryView) => text)).not.toContain('Mallory was here');
        if (principal === mallory) expect(listed).toEqual([]);
      } finally {
        await client.close();
      }
    }
  });
});
