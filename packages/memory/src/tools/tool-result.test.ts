import type Anthropic from '@anthropic-ai/sdk';
import type { Part } from '@google/genai';
import { createInMemoryStore } from '@symfonic/store-memory';
import {
  toolResultCalls as calls,
  toolResultTexts as texts,
} from '@symfonic/surface-contract/tool-replies';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { freshUser } from '../__fixtures__/fresh-scopes.js';
import { toolCallShapes } from '../__fixtures__/tool-call-replies.js';
import { createMemory } from '../create-memory.js';
import type { RememberOutcome } from '../remember/remember-outcome.js';
import { toolResult } from './tool-result.js';

const provenance = { writer: 'agent:test', turnId: 'turn-1' };

/** What `remember` makes of `reply` in a fresh store, read with no refs. */
async function outcomeOf(reply: unknown): Promise<RememberOutcome> {
  const memory = createMemory({ store: createInMemoryStore() });
  return memory.remember(freshUser().user, reply, { provenance, refs: {} });
}

describe('toolResult answers each memory tool call in its family’s shape', () => {
  const shape = (name: string) => toolCallShapes.find((candidate) => candidate.name === name);

  it('anthropic: tool_result blocks, is_error when every op was refused', async () => {
    const outcome = await outcomeOf(await shape('anthropic')?.reply({ calls }));
    const blocks: Anthropic.ToolResultBlockParam[] = toolResult(outcome, 'anthropic');
    expect(blocks).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: texts[0], is_error: false },
      { type: 'tool_result', tool_use_id: 'call_2', content: texts[1], is_error: true },
      { type: 'tool_result', tool_use_id: 'call_3', content: texts[2], is_error: true },
    ]);
    const next: Anthropic.MessageParam = { role: 'user', content: blocks };
    expect(next.content).toHaveLength(3);
  });

  it('openai-chat: tool messages; openai-responses: function_call_output items', async () => {
    const chat = await outcomeOf(await shape('openai-chat')?.reply({ calls }));
    const messages: OpenAI.Chat.ChatCompletionToolMessageParam[] = toolResult(chat, 'openai-chat');
    expect(messages.map(({ tool_call_id, content }) => [tool_call_id, content])).toEqual([
      ['call_1', texts[0]],
      ['call_2', texts[1]],
      ['call_3', texts[2]],
    ]);
    const responses = await outcomeOf(await shape('openai-responses')?.reply({ calls }));
    const items: OpenAI.Responses.ResponseInputItem[] = toolResult(responses, 'openai-responses');
    expect(items[0]).toEqual({ type: 'function_call_output', call_id: 'call_1', output: texts[0] });
  });

  it('gemini: functionResponse parts, the error key for a failed call', async () => {
    const outcome = await outcomeOf(await shape('gemini')?.reply({ calls }));
    const parts: Part[] = toolResult(outcome, 'gemini');
    expect(parts).toEqual([
      { functionResponse: { id: 'call_1', name: 'memory_ops', response: { output: texts[0] } } },
      { functionResponse: { id: 'call_2', name: 'memory_ops', response: { error: texts[1] } } },
      { functionResponse: { id: 'call_3', name: 'memory_ops', response: { error: texts[2] } } },
    ]);
  });

  it('langchain: the tool outcomes provider-history turns into ToolMessages', async () => {
    const outcome = await outcomeOf(await shape('langchain')?.reply({ calls }));
    expect(toolResult(outcome, 'langchain')).toEqual([
      { id: 'call_1', result: texts[0] },
      { id: 'call_2', error: texts[1] },
      { id: 'call_3', error: texts[2] },
    ]);
  });

  it('answers nothing for a reply without memory tool calls, and refuses an unknown family', async () => {
    const outcome = await outcomeOf('Nothing. {"ops": []}');
    expect(toolResult(outcome, 'anthropic')).toEqual([]);
    expect(() => toolResult(outcome, 'message' as 'anthropic')).toThrow(
      /tool results are built for/,
    );
  });

  it('never echoes memory text, even for an applied op', async () => {
    const outcome = await outcomeOf(await shape('anthropic')?.reply({ calls }));
    for (const block of toolResult(outcome, 'anthropic')) {
      expect(block.content).not.toContain('likes tea');
    }
  });
});
