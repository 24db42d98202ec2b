import { type MemoryScope, MemoryUnavailable } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { type PrivateCluster, startPrivateCluster } from '@symfonic/test-support/postgres';
import { generateText, stepCountIs } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryTools } from './memory-tools.js';
import { scriptedModel } from './testing/scripted-model.js';

const suite = 'memoryTools when PostgreSQL restarts in the middle of a tool loop';
// A server of this file's own: restarting the shared one would cut every other suite's connections.
const cluster: PrivateCluster | undefined = await startPrivateCluster();
if (!cluster) console.log(`${suite}: skipped because no PostgreSQL server binaries are installed`);
afterAll(() => cluster?.destroy());

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };

describe.runIf(cluster)(suite, () => {
  it('answers the tool call made while the server is down with MemoryUnavailable, writes nothing of it, and the same store works once the server is back', async () => {
    const server = cluster as PrivateCluster;
    const store = await openNodePostgresStore({ connectionString: server.url });
    try {
      const memory = createMemory({ store });
      const result = await generateText({
        model: scriptedModel([
          { toolCalls: [{ toolName: 'memory_add', input: { text: 'The user lives in Lyon' } }] },
          { toolCalls: [{ toolName: 'memory_add', input: { text: 'The user has a cat' } }] },
          { toolCalls: [{ toolName: 'memory_add', input: { text: 'The user has a cat' } }] },
          { toolCalls: [{ toolName: 'memory_search', input: { query: 'cat' } }] },
          { deltas: ['Noted.'] },
        ]),
        tools: memoryTools({ memory, owner }),
        prompt: 'I live in Lyon and I have a cat.',
        stopWhen: stepCountIs(8),
        // The barriers: the server stops before the second step and is back before the third.
        prepareStep: async ({ stepNumber }) => {
          if (stepNumber === 1) await server.stop();
          if (stepNumber === 2) await server.start();
          return undefined;
        },
      });

      const outcomes = result.steps.map((step) =>
        step.content.flatMap((part): { tool: string; output?: unknown; unavailable?: boolean }[] =>
          part.type === 'tool-result'
            ? [{ tool: part.toolName, output: part.output }]
            : part.type === 'tool-error'
              ? [{ tool: part.toolName, unavailable: MemoryUnavailable.isInstance(part.error) }]
              : [],
        ),
      );
      expect(outcomes).toEqual([
        [{ tool: 'memory_add', output: expect.objectContaining({ status: 'applied' }) }],
        [{ tool: 'memory_add', unavailable: true }],
        [{ tool: 'memory_add', output: expect.objectContaining({ status: 'applied' }) }],
        [
          {
            tool: 'memory_search',
            output: { memories: [expect.objectContaining({ text: 'The user has a cat' })] },
          },
        ],
        [],
      ]);
      expect(result.text).toBe('Noted.');
      // Nothing of the failed call was written: each memory once, with one version.
      const page = await store.list(owner, { limit: 10 });
      expect(page.records.map((record) => record.text).sort()).toEqual([
        'The user has a cat',
        'The user lives in Lyon',
      ]);
      for (const record of page.records) {
        expect((await store.history(owner, record.id)).map((version) => version.change)).toEqual([
          'created',
        ]);
      }
    } finally {
      await store.close();
    }
  });
});
