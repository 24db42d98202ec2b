import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '@modelcontextprotocol/client';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryOutput } from './history-tool.js';
import type { RecallOutput } from './recall-tool.js';
import type { RememberOutput } from './remember-tool.js';
import {
  answerText,
  connectHttp,
  type HttpServerProcess,
  startHttpServer,
  structured,
  type TestClient,
} from './testing/server-process.js';

const suite =
  'two symfonic-mcp instances on one PostgreSQL database, behind a round-robin balancer';
const url = await testDatabase('symfonic_mcp_two_instances');
if (!url) console.log(skippedWithoutDatabase(suite));

const token = randomBytes(32).toString('hex');

describe.runIf(url)(suite, () => {
  let folder: string;
  const instances: HttpServerProcess[] = [];
  /** Which instance served each request, in order. */
  const served: number[] = [];
  let client: TestClient;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-two-'));
    const tokens = join(folder, 'tokens.json');
    writeFileSync(tokens, JSON.stringify({ tokens: [{ token, tenant: 'acme', user: 'alice' }] }));
    // One after the other: the first applies the migrations, the second finds them applied.
    for (let index = 0; index < 2; index += 1) {
      instances.push(
        await startHttpServer([
          '--database-url',
          url as string,
          '--http',
          '127.0.0.1:0',
          '--tokens',
          tokens,
          '--embedder',
          'none',
        ]),
      );
    }
    // A load balancer: each request goes to the next instance, whatever the one before was.
    const balancer: FetchLike = (input, init) => {
      const next = served.length % instances.length;
      served.push(next);
      const target = new URL(String(input instanceof Request ? input.url : input));
      target.port = (instances[next] as HttpServerProcess).url.port;
      return fetch(target, init);
    };
    client = await connectHttp((instances[0] as HttpServerProcess).url, token, '2026-07-28', {
      fetch: balancer,
    });
  }, 180_000); // Two servers start one after the other.
  afterAll(async () => {
    await client?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(folder, { recursive: true, force: true });
  });

  it('remembers on one instance and recalls, reads the history and forgets on the other', async () => {
    const before = served.length;
    const written = await client.callTool({
      name: 'memory_remember',
      arguments: {
        ops: [{ op: 'add', text: 'Alice takes the night train to Vienna', salience: 0.9 }],
      },
    });
    const id = String(structured<RememberOutput>(written).applied[0]?.memory.id);
    const recalled = await client.callTool({
      name: 'memory_recall',
      arguments: { query: 'night train Vienna' },
    });
    expect(served.slice(before)).toEqual([before % 2, (before + 1) % 2]);
    expect(structured<RecallOutput>(recalled).memories.map((memory) => memory.id)).toContain(id);

    const history = await client.callTool({ name: 'memory_history', arguments: { ref: id } });
    expect(structured<HistoryOutput>(history).versions.map(({ change }) => change)).toEqual([
      'created',
    ]);
    const listed = await client.readResource({ uri: 'symfonic://memories' });
    expect(String((listed.contents[0] as { text: string }).text)).toContain('night train');
    const forgotten = await client.callTool({ name: 'memory_forget', arguments: { ref: id } });
    expect(forgotten.isError).toBeFalsy();
    const after = await client.callTool({
      name: 'memory_recall',
      arguments: { query: 'night train Vienna' },
    });
    expect(answerText(after)).not.toContain('night train');
    // Both instances took part.
    expect(new Set(served)).toEqual(new Set([0, 1]));
  });

  it('keeps refs per instance: a ref shown by one instance is refused by the other, never guessed', async () => {
    await client.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'add', text: 'Alice keeps a cat named Miso' }] },
    });
    // Recall on one instance; the next request (the ref) goes to the other.
    const recalled = await client.callTool({
      name: 'memory_recall',
      arguments: { query: 'cat Miso' },
    });
    expect(structured<RecallOutput>(recalled).refs['#1']).toBeDefined();
    const elsewhere = await client.callTool({ name: 'memory_history', arguments: { ref: '#1' } });
    expect(elsewhere.isError).toBe(true);
    expect(answerText(elsewhere)).toContain('is not in the latest memory_recall');
    const update = await client.callTool({
      name: 'memory_remember',
      arguments: { ops: [{ op: 'update', ref: '#1', text: 'Alice keeps two cats' }] },
    });
    // Back on the instance that showed #1: the ref means what its block showed.
    expect(structured<RememberOutput>(update).applied[0]).toMatchObject({
      op: 'update',
      ref: '#1',
      memory: { text: 'Alice keeps two cats' },
    });
  });
});
