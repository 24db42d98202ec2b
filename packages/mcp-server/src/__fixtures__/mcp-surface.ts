import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatScope } from '@symfonic/core';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import {
  type OpenSurface,
  type SurfaceHarness,
  type SurfaceOp,
  type SurfaceOpResult,
  type SurfaceRequest,
  seedStore,
} from '@symfonic/surface-contract';
import { memoriesResourceUri } from '../memories-resource.js';
import type { RecallOutput } from '../recall-tool.js';
import type { RememberOutput } from '../remember-tool.js';
import { connectStdio, startHttpServer } from '../testing/server-process.js';

/** The built leaking program (see `leaking-server.ts`), beside this file in `dist`. */
const leakingServer = fileURLToPath(
  new URL('../../dist/__fixtures__/leaking-server.js', import.meta.url),
);

const token = 'surface-contract-token-0123456789abcdef';

/** Every string inside `value`, however deep, each text split into its lines. */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return value.split('\n');
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringLeaves);
}

/** Every string a client reads in a tool answer: its text blocks' lines and its structured content. */
function answerTexts(result: CallToolResult): string[] {
  return [
    ...result.content.flatMap((block) => (block.type === 'text' ? block.text.split('\n') : [])),
    ...stringLeaves(result.structuredContent),
  ];
}

/** One session's client, driven as the suite's requests. */
function mcpRequest(connect: () => Promise<Client>): SurfaceRequest {
  const seen: string[] = [];
  let client: Client | undefined;
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    client ??= await connect();
    try {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      seen.push(...answerTexts(result));
      return result;
    } catch (error) {
      seen.push(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
  const forget = async (op: Extract<SurfaceOp, { op: 'delete' }>): Promise<SurfaceOpResult> => {
    const result = await call('memory_forget', { ref: op.ref });
    if (!result.isError) return { status: 'applied' };
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return { status: 'refused', code: /nothing forgotten: ([a-z-]+):/.exec(text)?.[1] ?? text };
  };
  return {
    async read(cue) {
      // A tool error is an answer the model reads, not a failed call: only a failed request rejects.
      const result = await call('memory_recall', { query: cue });
      const texts = answerTexts(result);
      if (result.isError) return { texts, refs: {} };
      const resource = await (client as Client).readResource({ uri: memoriesResourceUri });
      for (const content of resource.contents) {
        if (!('text' in content) || typeof content.text !== 'string') continue;
        const listed = stringLeaves(JSON.parse(content.text));
        seen.push(...listed);
        texts.push(...listed);
      }
      const { memories } = result.structuredContent as RecallOutput;
      return { texts, refs: Object.fromEntries(memories.map(({ ref, text }) => [ref, text])) };
    },

    async write(ops) {
      // Deletes go through memory_forget, the rest through memory_remember, in one order.
      const remembered = ops.filter((op) => op.op !== 'delete');
      const results = new Map<SurfaceOp, SurfaceOpResult>();
      const texts: string[] = [];
      if (remembered.length > 0) {
        const answer = await call('memory_remember', { ops: remembered });
        texts.push(...answerTexts(answer));
        const output = answer.structuredContent as RememberOutput;
        remembered.forEach((op, index) => {
          const refused = output.rejected.find((rejected) => rejected.index === index);
          results.set(
            op,
            refused ? { status: 'refused', code: refused.code } : { status: 'applied' },
          );
        });
      }
      for (const op of ops) {
        if (op.op === 'delete') results.set(op, await forget(op));
      }
      return {
        results: ops.map((op) => results.get(op) ?? { status: 'refused', code: 'lost' }),
        texts,
      };
    },

    seen: () => seen,
    async end() {},
  };
}

/**
 * A surface-contract harness for the MCP server as a client reaches it: the
 * built `symfonic-mcp` spawned over stdio or Streamable HTTP, on PGlite in a
 * fresh folder seeded before it starts (the built leaking program serves it
 * for a foreign row), driven by the official SDK `Client`: a read is
 * `memory_recall` and the `symfonic://memories` resource, a write
 * `memory_remember` (deletes `memory_forget`). Over HTTP each request is a
 * session of its own on one server; over stdio, one process is one session.
 */
export function mcpHarness(transport: 'stdio' | 'http'): SurfaceHarness {
  return {
    name: `mcp-server over ${transport}`,
    capabilities: {
      ancestorWritesOptIn: false,
      concurrentRequests: transport === 'http',
      // A client hands the server its ops; nothing is withheld from a user here.
      opsInAnswerText: false,
    },
    async open(context): Promise<OpenSurface> {
      const folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-surface-'));
      const dataDir = join(folder, 'memory');
      const seeding = await openPGliteStore({ dataDir });
      await seedStore(seeding, context.seed, context.leak);
      await seeding.close();
      const user = context.owner.path[0]?.replace(/^user:/u, '') ?? '';
      const program = context.leak ? leakingServer : undefined;
      const prefix = context.leak ? [formatScope(context.leak.scope)] : [];
      const common = [...prefix, '--data', dataDir, '--recall-limit', String(context.recallLimit)];

      let stop: () => Promise<void>;
      let connect: () => Promise<Client>;
      if (transport === 'stdio') {
        const session = await connectStdio(
          [...common, '--tenant', context.owner.tenant, '--user', user],
          program,
        );
        stop = () => session.close();
        connect = async () => session.client;
      } else {
        const tokens = join(folder, 'tokens.json');
        writeFileSync(
          tokens,
          JSON.stringify({ tokens: [{ token, tenant: context.owner.tenant, user }] }),
        );
        const server = await startHttpServer(
          [...common, '--http', '127.0.0.1:0', '--tokens', tokens],
          program,
        );
        const clients: Client[] = [];
        stop = async () => {
          for (const client of clients) await client.close();
          await server.stop();
        };
        connect = async () => {
          const client = await server.connect(token);
          clients.push(client);
          return client;
        };
      }
      let stopped = false;
      const halt = async () => {
        if (stopped) return;
        stopped = true;
        await stop();
      };
      return {
        request: () => mcpRequest(connect),
        async stored(scope) {
          await halt();
          const store = await openPGliteStore({ dataDir });
          try {
            return (await store.list(scope, { limit: 100 })).records;
          } finally {
            await store.close();
          }
        },
        async close() {
          await halt();
          rmSync(folder, { recursive: true, force: true });
        },
      };
    },
  };
}
