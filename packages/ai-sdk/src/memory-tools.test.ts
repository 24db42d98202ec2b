import type { MemoryScope } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { memoryTools } from './memory-tools.js';
import { symfonicMemory } from './symfonic-memory.js';
import { scriptedModel } from './testing/scripted-model.js';

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };

describe('memoryTools', () => {
  it('add, search, update by the ref search gave, and refuse an invented ref, in one tool loop', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const result = await generateText({
      model: scriptedModel([
        {
          toolCalls: [
            { toolName: 'memory_add', input: { text: 'The user lives in Paris', salience: 0.7 } },
          ],
        },
        {
          toolCalls: [{ toolName: 'memory_search', input: { query: 'where does the user live' } }],
        },
        {
          toolCalls: [
            { toolName: 'memory_update', input: { ref: '#1', text: 'The user lives in Lyon' } },
            { toolName: 'memory_delete', input: { ref: '#7' } },
          ],
        },
        { deltas: ['Done.'] },
      ]),
      tools: memoryTools({ memory, owner }),
      prompt: 'I moved from Paris to Lyon.',
      stopWhen: stepCountIs(6),
    });

    const outputs = result.steps.flatMap((step) =>
      step.toolResults.map(({ toolName, output }) => [toolName, output]),
    );
    expect(outputs).toEqual([
      [
        'memory_add',
        {
          status: 'applied',
          memory: { ref: '#1', layer: 'semantic', text: 'The user lives in Paris' },
        },
      ],
      [
        'memory_search',
        { memories: [{ ref: '#1', layer: 'semantic', text: 'The user lives in Paris' }] },
      ],
      [
        'memory_update',
        {
          status: 'applied',
          memory: { ref: '#1', layer: 'semantic', text: 'The user lives in Lyon' },
        },
      ],
      ['memory_delete', { status: 'refused', code: 'unknown-ref', reason: expect.any(String) }],
    ]);
    const page = await store.list(owner, { limit: 10 });
    expect(page.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
  });

  it('beside the middleware: the tools name the memories of the block the model was shown', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    await store.apply(owner, [{ op: 'add', text: 'The user lives in Paris', salience: 0.7 }], {
      writer: 'test',
    });
    const middleware = symfonicMemory({ memory, conversation, owner });
    const result = await generateText({
      model: wrapLanguageModel({
        model: scriptedModel([
          {
            toolCalls: [
              { toolName: 'memory_update', input: { ref: '#1', text: 'The user lives in Lyon' } },
            ],
          },
          { deltas: ['Updated.'] },
        ]),
        middleware,
      }),
      tools: memoryTools({ memory, owner, block: middleware.block }),
      prompt: 'Where I live: not Paris any more, Lyon.',
      stopWhen: stepCountIs(3),
    });

    expect(result.text).toBe('Updated.');
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ status: 'applied' });
    const page = await store.list(owner, { limit: 10 });
    expect(page.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
  });
});
