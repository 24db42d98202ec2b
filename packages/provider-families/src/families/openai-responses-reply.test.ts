import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiResponsesFunctionCall } from '../__fixtures__/openai-responses-function-call.js';
import { openaiResponsesReasoning } from '../__fixtures__/openai-responses-reasoning.js';
import { openaiResponsesRefusal } from '../__fixtures__/openai-responses-refusal.js';
import { openaiResponsesTextDelta } from '../__fixtures__/openai-responses-text-delta.js';
import { openaiResponsesWebSearch } from '../__fixtures__/openai-responses-web-search.js';
import { jsonPayload } from '../json-payload.js';
import { readReply } from '../read-reply.js';

describe('readReply on OpenAI Responses API responses', () => {
  it('skips a reasoning item whose summary drafts JSON, and reads the message', () => {
    const reply = readReply(openaiResponsesReasoning);
    expect(reply.family).toBe('openai-responses');
    expect(reply.ignored).toEqual(['reasoning']);
    expect(jsonPayload(reply.text)).toEqual({
      ops: [{ op: 'add', text: 'The user lives in Lisbon.' }],
    });
  });

  it('names a function call item and reads no text', () => {
    expect(readReply(openaiResponsesFunctionCall)).toEqual({
      family: 'openai-responses',
      text: '',
      ignored: ['function_call'],
      readable: true,
      toolCalls: [
        {
          id: 'call_12345xyz',
          name: 'get_weather',
          kind: 'function_call',
          parsed: true,
          input: { location: 'Paris, France' },
        },
      ],
    });
  });

  it('does not read a refusal part as answer text, and names it', () => {
    expect(readReply(openaiResponsesRefusal)).toEqual({
      family: 'openai-responses',
      text: '',
      ignored: ['refusal'],
      readable: true,
      toolCalls: [],
    });
  });

  it('joins every output_text part of every message item in order, without annotations', () => {
    expect(readReply(openaiResponsesWebSearch)).toEqual({
      family: 'openai-responses',
      text: 'On March 6, 2025, several news stories were uplifting. That is all.',
      ignored: ['web_search_call'],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads the output items, not the output_text field the SDK adds', () => {
    const withConvenienceField = {
      ...openaiResponsesReasoning,
      output_text: '{"ops":[{"op":"add","text":"from the convenience field"}]}',
    } satisfies OpenAI.Responses.Response;
    expect(readReply(withConvenienceField).text).toBe(readReply(openaiResponsesReasoning).text);
  });

  it('refuses a lone response.output_text.delta event', () => {
    expect(readReply(openaiResponsesTextDelta)).toEqual({
      family: 'unknown',
      text: '',
      ignored: [],
      readable: false,
      toolCalls: [],
    });
  });

  it('refuses a response.completed event, which wraps a response but is an event', () => {
    const event = {
      type: 'response.completed',
      sequence_number: 9,
      response: { ...openaiResponsesReasoning, output_text: '' },
    } satisfies OpenAI.Responses.ResponseCompletedEvent;
    expect(readReply(event).readable).toBe(false);
  });
});
