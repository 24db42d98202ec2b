import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { aiSdkModelResult } from '../__fixtures__/ai-sdk-model-result.js';
import { aiSdkModelStream } from '../__fixtures__/ai-sdk-model-stream.js';
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
      toolCalls: [],
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
      toolCalls: [
        {
          id: 'call-1',
          name: 'lookup',
          kind: 'tool-call',
          parsed: true,
          input: { query: '{weather}' },
        },
      ],
    });
  });

  it('refuses a lone text-delta stream part', () => {
    expect(readReply(aiSdkTextDelta)).toEqual({
      family: 'unknown',
      text: '',
      ignored: [],
      readable: false,
      toolCalls: [],
    });
  });
});

describe('readReply on what an AI SDK middleware sees', () => {
  const expected = {
    family: 'ai-sdk',
    text: 'Noted. {"ops":[]}',
    ignored: ['reasoning', 'tool-call'],
    toolCalls: [
      { id: 'call-1', name: 'lookup', kind: 'tool-call', parsed: true, input: { query: 'x' } },
    ],
    readable: true,
  };

  it('reads a model-level doGenerate result: text in, reasoning named, the tool call parsed', () => {
    expect(readReply(aiSdkModelResult)).toEqual({
      ...expected,
      toolCalls: [{ ...expected.toolCalls[0], input: { query: '{weather}' } }],
    });
  });

  it('aggregates the stream parts of a model, never reading reasoning, raw chunks or metadata', () => {
    expect(readReply(aiSdkModelStream)).toEqual(expected);
  });

  it('joins each text id in the order it started when two texts interleave', () => {
    const parts = [
      { type: 'text-start', id: 'a' },
      { type: 'text-start', id: 'b' },
      { type: 'text-delta', id: 'b', delta: 'B1' },
      { type: 'text-delta', id: 'a', delta: 'A1' },
      { type: 'text-delta', id: 'b', delta: 'B2' },
      { type: 'text-delta', id: 'a', delta: 'A2' },
    ] satisfies LanguageModelV3StreamPart[];
    expect(readReply(parts).text).toBe('A1A2B1B2');
  });

  it('reports a streamed tool call whose input is not JSON, and names a stream error', () => {
    const parts = [
      { type: 'tool-call', toolCallId: 'call-2', toolName: 'memory_ops', input: '{"ops": [' },
      { type: 'error', error: new Error('connection reset') },
    ] satisfies LanguageModelV3StreamPart[];
    const reply = readReply(parts);
    expect(reply.ignored).toEqual(['tool-call', 'error']);
    expect(reply.toolCalls).toEqual([
      {
        id: 'call-2',
        name: 'memory_ops',
        kind: 'tool-call',
        parsed: false,
        reason: expect.stringMatching(/^the arguments are not valid JSON: /),
      },
    ]);
  });

  it('refuses an array holding content parts or untyped values, and the empty array', () => {
    expect(readReply([...aiSdkModelStream, { type: 'text', text: 'x' }]).readable).toBe(false);
    expect(readReply([...aiSdkModelStream, 'x']).readable).toBe(false);
    expect(readReply([{ type: 'ping' }, { type: 'custom' }]).readable).toBe(false);
    expect(readReply([]).readable).toBe(false);
  });

  it('skips a part of a type it does not know (AI SDK 7 ping and custom, later types), naming it', () => {
    const parts = [
      { type: 'stream-start', warnings: [] },
      { type: 'ping' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Noted. ' },
      { type: 'custom', kind: 'anthropic.container', value: { id: 'c' } },
      { type: 'text-delta', id: 't', delta: '{"ops":[]}' },
      { type: 'some-future-part', payload: 1 },
      { type: 'text-end', id: 't' },
      { type: 'ping' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' }, usage: {} },
    ];
    expect(readReply(parts)).toEqual({
      family: 'ai-sdk',
      text: 'Noted. {"ops":[]}',
      ignored: ['ping', 'custom', 'some-future-part'],
      toolCalls: [],
      readable: true,
    });
  });

  it('reads the very result and parts a wrapLanguageModel middleware is handed', async () => {
    const seen: { generated?: unknown; streamed: LanguageModelV3StreamPart[] } = { streamed: [] };
    const model = wrapLanguageModel({
      model: new MockLanguageModelV3({
        doGenerate: aiSdkModelResult,
        doStream: { stream: simulateReadableStream({ chunks: aiSdkModelStream }) },
      }),
      middleware: {
        specificationVersion: 'v3',
        wrapGenerate: async ({ doGenerate }) => {
          const result = await doGenerate();
          seen.generated = result;
          return result;
        },
        wrapStream: async ({ doStream }) => {
          const { stream, ...rest } = await doStream();
          const tap = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
            transform(part, controller) {
              seen.streamed.push(part);
              controller.enqueue(part);
            },
          });
          return { stream: stream.pipeThrough(tap), ...rest };
        },
      },
    });
    await generateText({ model, prompt: 'Hello' });
    await streamText({ model, prompt: 'Hello' }).consumeStream();
    expect(readReply(seen.generated).toolCalls).toHaveLength(1);
    expect(readReply(seen.generated).text).toBe('Noted. {"ops":[]}');
    expect(readReply(seen.streamed)).toEqual(expected);
  });
});
