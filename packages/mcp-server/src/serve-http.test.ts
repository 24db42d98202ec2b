import { randomBytes } from 'node:crypto';
import { createMemory } from '@symfonic/memory';
import type { DrizzleMemoryStore } from '@symfonic/store-drizzle';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerVerifier } from './bearer-verifier.js';
import { createMemoryServer } from './create-memory-server.js';
import type { MemoryPrincipal } from './memory-principal.js';
import { type HttpEndpoint, serveHttp } from './serve-http.js';
import { StaticTokenVerifier } from './static-token-verifier.js';
import { answerText, connectHttp } from './testing/server-process.js';

const minute = 60_000;
const aliceToken = randomBytes(32).toString('hex');

describe('HTTP state is bounded: idle sessions and refs expire, and a principal holds at most its cap', () => {
  let store: DrizzleMemoryStore;
  let endpoint: HttpEndpoint;
  let clock = 0;
  const logged: string[] = [];

  beforeAll(async () => {
    store = await openPGliteStore();
    const memory = createMemory({ store });
    endpoint = await serveHttp({
      host: '127.0.0.1',
      port: 0,
      limits: { idleMs: 30 * minute, perPrincipal: 2 },
      now: () => clock,
      log: (line) => logged.push(line),
      verifier: (resource) =>
        bearerVerifier({
          tokens: new StaticTokenVerifier(
            [{ token: aliceToken, tenant: 'acme', user: 'alice' }],
            resource,
          ),
        }),
      openServer: (principal: MemoryPrincipal, refs) =>
        createMemoryServer({ store, memory, principal, ...(refs ? { refs } : {}) }),
    });
    const writer = await connectHttp(endpoint.url, aliceToken, '2025-11-25');
    await writer.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'add', text: 'Alice grows tomatoes' }] },
    });
    await writer.close();
  }, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.
  afterAll(async () => {
    await endpoint?.close();
    await store?.close();
  });

  it('closes a 2025 session unused for the idle time; its next request finds no session', async () => {
    // The writer of the setup closed its client without ending its session (no DELETE): abandoned.
    expect(endpoint.held().sessions).toBe(1);
    const client = await connectHttp(endpoint.url, aliceToken, '2025-11-25');
    expect(endpoint.held().sessions).toBe(2);
    clock += 29 * minute;
    endpoint.sweep();
    expect(
      (await client.callTool({ name: 'memory_recall', arguments: { query: 'tomatoes' } })).isError,
    ).toBeFalsy();
    clock += 30 * minute;
    endpoint.sweep();
    expect(endpoint.held().sessions).toBe(0);
    await expect(
      client.callTool({ name: 'memory_recall', arguments: { query: 'tomatoes' } }),
    ).rejects.toThrow(/Session not found|404/);
  });

  it("drops a 2026-07-28 client's refs unused for the idle time: its #1 then means nothing", async () => {
    const client = await connectHttp(endpoint.url, aliceToken, '2026-07-28');
    try {
      await client.callTool({ name: 'memory_recall', arguments: { query: 'tomatoes' } });
      expect(endpoint.held().refs).toBe(1);
      clock += 29 * minute;
      const kept = await client.callTool({ name: 'memory_history', arguments: { ref: '#1' } });
      expect(answerText(kept)).toContain('Alice grows tomatoes');
      clock += 30 * minute;
      const dropped = await client.callTool({ name: 'memory_history', arguments: { ref: '#1' } });
      expect(dropped.isError).toBe(true);
      expect(answerText(dropped)).toContain('is not in the latest memory_recall');
      expect(endpoint.held().refs).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('refuses a principal more clients with refs than its cap, saying so', async () => {
    clock += 60 * minute;
    // A stateless client's refs are kept under the name it sends: three names, three entries.
    const named = await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        connectHttp(endpoint.url, aliceToken, '2026-07-28', { name }),
      ),
    );
    try {
      const answers = [];
      for (const client of named) {
        answers.push(
          await client.callTool({ name: 'memory_recall', arguments: { query: 'tomatoes' } }),
        );
      }
      expect(answers.map(({ isError }) => Boolean(isError))).toEqual([false, false, true]);
      expect(answerText(answers[2])).toBe(
        'too many clients with refs: this principal already holds 2, the most it may; end one, or wait until one has been unused for 30 minutes',
      );
      clock += 31 * minute;
      const later = await named[2]?.callTool({
        name: 'memory_recall',
        arguments: { query: 'tomatoes' },
      });
      expect(later?.isError).toBeFalsy();
    } finally {
      await Promise.all(named.map((client) => client.close()));
    }
  });
});
