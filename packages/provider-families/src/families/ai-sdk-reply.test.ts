import { describe, expect, it } from 'vitest';
import { aiSdkReasoningToolCall } from '../__fixtures__/ai-sdk-reasoning-tool-call.js';
import { aiSdkText } from '../__fixtures__/ai-sdk-text.js';
import { aiSdkTextDelta } from '../__fixtures__/ai-sdk-text-delta.js';
import { jsonPayload } from '../json-payload.js';
import { readReply } from '../read-reply.js';

describe('readReply on AI SDK generateText results', () => {
  it('joins the text parts of a real result with no separator', () => {
    const reply = readReply(aiSdkText);
    expect(reply).toEqual({
      family: 'ai-sdk',
      text: '{"ops":[{"op":"add","text":"The user is vegetarian."}]}',
      ignored: [],
      readable: true,
    });
    expect(jsonPayload(reply.text)).toEqual({
      ops: [{ op: 'add', text: 'The user is vegetarian.' }],
    });
  });

  it('names reasoning, sources and tool calls, and reads only the text', () => {
    const reply = readReply(aiSdkReasoningToolCall);
    expect(reply).toEqual({
      family: 'ai-sdk',
      text: '{"ops":[]}',
      ignored: ['reasoning', 'source', 'tool-call'],
      readable: true,
    });
  });

  it('refuses a lone text-delta stream part', () => {
    expect(readReply(aiSdkTextDelta)).toEqual({
      family: 'unknown',
      text: '',
      ignored: [],
      readable: false,
    });
  });
});
