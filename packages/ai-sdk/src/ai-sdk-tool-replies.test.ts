// `toolResult` of `@symfonic/memory` answering the AI SDK's memory tool calls, and the memory
// tool definition: what only the AI SDK has. The cases every reply shape passes run on the AI
// SDK's shapes in `ai-sdk-tool-replies.surface.test.ts`.
import {
  createMemory,
  memoryToolDescription,
  memoryToolInputSchema,
  memoryToolName,
  type RememberOutcome,
  toolResult,
} from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import {
  toolResultCalls as calls,
  toolResultTexts as texts,
} from '@symfonic/surface-contract/tool-replies';
import { generateText, type ModelMessage, type ToolResultPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { textModel } from './__fixtures__/ai-sdk-models.js';
import { aiSdkToolReply } from './__fixtures__/ai-sdk-tool-replies.js';
import { aiSdkMemoryTool } from './ai-sdk-memory-tool.js';

/** A user scope of a tenant no other test uses. */
function freshUser() {
  const tenant = `tenant-${crypto.randomUUID()}`;
  return { user: { tenant, path: ['user:42'] } };
}

const provenance = { writer: 'agent:test', turnId: 'turn-1' };

/** What `remember` makes of `reply` in a fresh store, read with no refs. */
async function outcomeOf(reply: unknown): Promise<RememberOutcome> {
  const memory = createMemory({ store: createInMemoryStore() });
  return memory.remember(freshUser().user, reply, { provenance, refs: {} });
}

describe('toolResult answers the AI SDK memory tool calls', () => {
  it('ai-sdk: tool-result parts the next generateText call accepts', async () => {
    const result = (await aiSdkToolReply({ calls: calls.slice(0, 2) })) as Awaited<
      ReturnType<typeof generateText>
    >;
    const outcome = await outcomeOf(result);
    const parts: ToolResultPart[] = toolResult(outcome, 'ai-sdk');
    expect(parts[1]).toEqual({
      type: 'tool-result',
      toolCallId: 'call_2',
      toolName: 'memory_ops',
      output: { type: 'error-text', value: texts[1] },
    });
    const model = textModel('Done.');
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Hello' },
      ...result.response.messages,
      { role: 'tool', content: parts },
    ];
    const next = await generateText({ model, messages });
    expect(next.text).toBe('Done.');
    const sent = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(sent).toContain('call_2');
  });
});

describe('aiSdkMemoryTool', () => {
  it('give the AI SDK a tool whose schema reaches the model as a function tool', async () => {
    const model = textModel('ok');
    await generateText({ model, tools: { [memoryToolName]: aiSdkMemoryTool() }, prompt: 'Hi' });
    expect(model.doGenerateCalls[0]?.tools).toEqual([
      {
        type: 'function',
        name: memoryToolName,
        description: memoryToolDescription,
        inputSchema: memoryToolInputSchema(),
      },
    ]);
  });
});
