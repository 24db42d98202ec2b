import { describe, expect, it } from 'vitest';
import { messageAiSdkAssistant } from '../__fixtures__/message-ai-sdk-assistant.js';
import { messageAnthropicParam } from '../__fixtures__/message-anthropic-param.js';
import { messageOpenAIAssistant } from '../__fixtures__/message-openai-assistant.js';
import { messageOpenAIToolCallOnly } from '../__fixtures__/message-openai-tool-call-only.js';
import { messageResponsesItem } from '../__fixtures__/message-responses-item.js';
import { messageUser } from '../__fixtures__/message-user.js';
import { readReply } from '../read-reply.js';

describe('readReply on bare role-tagged messages', () => {
  it('reads an OpenAI assistant message and names its tool calls', () => {
    expect(readReply(messageOpenAIAssistant)).toEqual({
      family: 'message',
      text: '{"ops":[]}',
      ignored: ['tool_calls'],
      readable: true,
      toolCalls: [
        {
          id: 'call_abc123',
          name: 'remember',
          kind: 'tool_calls',
          parsed: true,
          input: { ops: [{ op: 'add', text: 'x' }] },
        },
      ],
    });
  });

  it('reads an OpenAI message with null content as readable and empty', () => {
    expect(readReply(messageOpenAIToolCallOnly)).toEqual({
      family: 'message',
      text: '',
      ignored: ['tool_calls'],
      readable: true,
      toolCalls: [
        { id: 'call_1', name: 'lookup', kind: 'tool_calls', parsed: true, input: { q: 'x' } },
      ],
    });
  });

  it('reads Anthropic assistant params, joining text blocks with no separator', () => {
    expect(readReply(messageAnthropicParam)).toEqual({
      family: 'message',
      text: 'Here is the answer.',
      ignored: ['thinking', 'tool_use'],
      readable: true,
      toolCalls: [
        { id: 'toolu_01', name: 'lookup', kind: 'tool_use', parsed: true, input: { query: 'x' } },
      ],
    });
  });

  it('reads an AI SDK assistant ModelMessage', () => {
    expect(readReply(messageAiSdkAssistant)).toEqual({
      family: 'message',
      text: '{"ops":[]}',
      ignored: ['reasoning', 'tool-call'],
      readable: true,
      toolCalls: [
        { id: 'call-1', name: 'lookup', kind: 'tool-call', parsed: true, input: { query: 'x' } },
      ],
    });
  });

  it('reads a Responses API message item by its output_text parts', () => {
    expect(readReply(messageResponsesItem)).toEqual({
      family: 'message',
      text: 'Noted and stored.',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('names a text block without string text, and skips untyped blocks without naming them', () => {
    const reply = readReply({
      role: 'assistant',
      content: [
        { type: 'text', text: 42 },
        { text: 'untyped' },
        'bare string',
        null,
        { type: 'text', text: 'ok' },
      ],
    });
    expect(reply).toEqual({
      family: 'message',
      text: 'ok',
      ignored: ['text'],
      readable: true,
      toolCalls: [],
    });
  });

  it('refuses any role but assistant', () => {
    const unknown = { family: 'unknown', text: '', ignored: [], readable: false, toolCalls: [] };
    expect(readReply(messageUser)).toEqual(unknown);
    expect(readReply({ role: 'system', content: 'x' })).toEqual(unknown);
    expect(readReply({ role: 'tool', content: '{"a":1}', tool_call_id: 'c' })).toEqual(unknown);
  });

  it('refuses an assistant message whose content is neither a string, a list nor null', () => {
    expect(readReply({ role: 'assistant' }).readable).toBe(false);
    expect(readReply({ role: 'assistant', content: { text: 'x' } }).readable).toBe(false);
  });
});
