import { describe, expect, it } from 'vitest';
import { openaiChatAudio } from '../__fixtures__/openai-chat-audio.js';
import { openaiChatCompletionChunk } from '../__fixtures__/openai-chat-completion-chunk.js';
import { openaiChatContentParts } from '../__fixtures__/openai-chat-content-parts.js';
import { openaiChatEnvelopeBraces } from '../__fixtures__/openai-chat-envelope-braces.js';
import { openaiChatMultipleChoices } from '../__fixtures__/openai-chat-multiple-choices.js';
import { openaiChatReasoningContent } from '../__fixtures__/openai-chat-reasoning-content.js';
import { openaiChatRefusal } from '../__fixtures__/openai-chat-refusal.js';
import { openaiChatToolCalls } from '../__fixtures__/openai-chat-tool-calls.js';
import { jsonPayload } from '../json-payload.js';
import { readReply } from '../read-reply.js';

/** The envelope fixture with its only choice's message replaced. */
function withMessage(message: Record<string, unknown>): object {
  return {
    ...openaiChatEnvelopeBraces,
    choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message }],
  };
}

describe('readReply on OpenAI Chat Completions responses', () => {
  it('reads the first choice, never the envelope whose id holds JSON', () => {
    const reply = readReply(openaiChatEnvelopeBraces);
    expect(reply).toEqual({
      family: 'openai-chat',
      text: 'Nothing worth remembering here.',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
    expect(jsonPayload(reply.text)).toBeNull();
  });

  it('does not read a refusal as answer text, and names it', () => {
    expect(readReply(openaiChatRefusal)).toEqual({
      family: 'openai-chat',
      text: '',
      ignored: ['refusal'],
      readable: true,
      toolCalls: [],
    });
  });

  it('names tool calls and reads their JSON arguments as tool calls, never as text', () => {
    const reply = readReply(openaiChatToolCalls);
    expect(reply).toEqual({
      family: 'openai-chat',
      text: '',
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
    expect(jsonPayload(reply.text)).toBeNull();
  });

  it('reads only the first choice', () => {
    expect(readReply(openaiChatMultipleChoices).text).toBe('First choice.');
  });

  it('names an audio answer without reading its transcript', () => {
    expect(readReply(openaiChatAudio)).toEqual({
      family: 'openai-chat',
      text: '',
      ignored: ['audio'],
      readable: true,
      toolCalls: [],
    });
  });

  it('joins text content parts with no separator and names a refusal part', () => {
    const reply = readReply(openaiChatContentParts);
    expect(reply).toEqual({
      family: 'openai-chat',
      text: '{"ops": []}',
      ignored: ['refusal'],
      readable: true,
      toolCalls: [],
    });
  });

  it('skips reasoning_content that drafts a JSON object, and names it', () => {
    const reply = readReply(openaiChatReasoningContent);
    expect(reply.ignored).toEqual(['reasoning_content']);
    expect(jsonPayload(reply.text)).toEqual({ ops: [] });
  });

  it('names the reasoning field of newer OpenAI-compatible servers and a legacy function call', () => {
    const reply = readReply(
      withMessage({
        role: 'assistant',
        content: 'Nothing worth remembering here.',
        reasoning: 'Thinking {"ops":["wrong"]}',
        function_call: { name: 'remember', arguments: '{"ops":[]}' },
      }),
    );
    expect(reply).toEqual({
      family: 'openai-chat',
      text: 'Nothing worth remembering here.',
      ignored: ['function_call', 'reasoning'],
      readable: true,
      toolCalls: [],
    });
  });

  it('does not name empty non-answer fields', () => {
    const reply = readReply(
      withMessage({ role: 'assistant', content: 'x', refusal: '', tool_calls: [], audio: null }),
    );
    expect(reply.ignored).toEqual([]);
  });

  it('reads a response without choices as readable and empty', () => {
    expect(readReply({ ...openaiChatEnvelopeBraces, choices: [] })).toEqual({
      family: 'openai-chat',
      text: '',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('refuses a lone chat.completion.chunk', () => {
    expect(readReply(openaiChatCompletionChunk)).toEqual({
      family: 'unknown',
      text: '',
      ignored: [],
      readable: false,
      toolCalls: [],
    });
  });

  it('reports arguments that are not JSON, never throwing, and reads the other calls', () => {
    const reply = readReply(
      withMessage({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'memory_ops', arguments: '{"ops": [' },
          },
          { id: 'call_2', type: 'function', function: { name: 'lookup', arguments: '' } },
          { id: 'call_3', type: 'custom', custom: { name: 'grammar', input: 'free text' } },
        ],
      }),
    );
    expect(reply.ignored).toEqual(['tool_calls']);
    expect(reply.toolCalls).toEqual([
      {
        id: 'call_1',
        name: 'memory_ops',
        kind: 'tool_calls',
        parsed: false,
        reason: expect.stringMatching(/^the arguments are not valid JSON: /),
      },
      { id: 'call_2', name: 'lookup', kind: 'tool_calls', parsed: true, input: {} },
    ]);
  });
});
