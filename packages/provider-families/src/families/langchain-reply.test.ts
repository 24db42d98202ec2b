import { createRequire } from 'node:module';
import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import { HumanMessage as LegacyHumanMessage } from '@langchain/core-0.3/messages';
import { describe, expect, it } from 'vitest';
import { langchainAnthropicBlocks } from '../__fixtures__/langchain-anthropic-blocks.js';
import { langchainChunks, langchainChunksConcatenated } from '../__fixtures__/langchain-chunks.js';
import { langchainHuman } from '../__fixtures__/langchain-human.js';
import { langchainLegacyCopy } from '../__fixtures__/langchain-legacy-copy.js';
import { langchainStandardBlocks } from '../__fixtures__/langchain-standard-blocks.js';
import { langchainString } from '../__fixtures__/langchain-string.js';
import { jsonPayload } from '../json-payload.js';
import { readReply } from '../read-reply.js';

/** The CommonJS build of @langchain/core: a second copy of the classes, as a CJS dependency loads it. */
const commonJs = createRequire(import.meta.url)('@langchain/core/messages') as {
  AIMessage: typeof AIMessage;
  HumanMessage: new (content: string) => object;
};

describe('readReply on LangChain messages', () => {
  it('reads string content verbatim, never the metadata', () => {
    expect(readReply(langchainString)).toEqual({
      family: 'langchain',
      text: '{"ops":[{"op":"add","text":"The user prefers tea."}]}',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads provider-native blocks: text in, thinking and tool use named, tool_calls named', () => {
    expect(readReply(langchainAnthropicBlocks)).toEqual({
      family: 'langchain',
      text: '{"ops":[]}',
      ignored: ['thinking', 'tool_use', 'tool_calls'],
      readable: true,
      toolCalls: [
        { id: 'toolu_01', name: 'lookup', kind: 'tool_calls', parsed: true, input: { query: 'x' } },
      ],
    });
  });

  it('reads v1 standard blocks', () => {
    const reply = readReply(langchainStandardBlocks);
    expect(reply).toEqual({
      family: 'langchain',
      text: '{"ops":[]}',
      ignored: ['reasoning', 'image', 'tool_call', 'tool_calls'],
      readable: true,
      toolCalls: [
        { id: 'call_1', name: 'lookup', kind: 'tool_calls', parsed: true, input: { query: 'x' } },
      ],
    });
    expect(jsonPayload(reply.text)).toEqual({ ops: [] });
  });

  it('reads each chunk, and the message their concatenation builds', () => {
    expect(langchainChunks.map((chunk) => readReply(chunk))).toEqual([
      { family: 'langchain', text: '', ignored: ['thinking'], readable: true, toolCalls: [] },
      { family: 'langchain', text: '{"ops":', ignored: [], readable: true, toolCalls: [] },
      { family: 'langchain', text: '[]}', ignored: [], readable: true, toolCalls: [] },
      {
        family: 'langchain',
        text: '',
        ignored: ['tool_calls'],
        readable: true,
        toolCalls: [
          {
            id: 'toolu_01',
            name: 'lookup',
            kind: 'tool_calls',
            parsed: true,
            input: { query: 'x' },
          },
        ],
      },
    ]);
    expect(readReply(langchainChunksConcatenated)).toEqual({
      family: 'langchain',
      text: '{"ops":[]}',
      ignored: ['thinking', 'tool_calls'],
      readable: true,
      toolCalls: [
        { id: 'toolu_01', name: 'lookup', kind: 'tool_calls', parsed: true, input: { query: 'x' } },
      ],
    });
  });

  it('reads the text_delta blocks @langchain/anthropic streams', () => {
    const chunk = new AIMessageChunk({
      content: [{ index: 0, type: 'text_delta', text: '{"ops":[]}' }],
    });
    expect(readReply(chunk).text).toBe('{"ops":[]}');
  });

  it('reads a chunk streamed as a plain string', () => {
    const chunk = new AIMessageChunk('partial ').concat(new AIMessageChunk('answer'));
    expect(readReply(chunk).text).toBe('partial answer');
  });

  it('names invalid tool calls and reports each with its reason', () => {
    const message = new AIMessage({
      content: 'ok',
      invalid_tool_calls: [
        { type: 'invalid_tool_call', id: 'c1', name: 'f', args: '{bad', error: 'unparsable' },
      ],
    });
    expect(readReply(message).ignored).toEqual(['invalid_tool_calls']);
    expect(readReply(message).toolCalls).toEqual([
      {
        id: 'c1',
        name: 'f',
        kind: 'invalid_tool_calls',
        parsed: false,
        reason: 'the arguments are not valid JSON: unparsable',
      },
    ]);
  });

  it('reads an AI message built by the CommonJS copy of @langchain/core', () => {
    const message = new commonJs.AIMessage({ content: [{ type: 'text', text: 'from CJS' }] });
    expect(commonJs.AIMessage).not.toBe(AIMessage);
    expect(readReply(message)).toEqual({
      family: 'langchain',
      text: 'from CJS',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads an AI message of @langchain/core 0.3, which has no marker and no type field', () => {
    expect(Object.getOwnPropertySymbols(langchainLegacyCopy)).toEqual([]);
    expect(readReply(langchainLegacyCopy)).toEqual({
      family: 'langchain',
      text: '{"ops":[]}',
      ignored: ['thinking', 'tool_calls'],
      readable: true,
      toolCalls: [
        { id: 'toolu_01', name: 'lookup', kind: 'tool_calls', parsed: true, input: { query: 'x' } },
      ],
    });
  });

  it('refuses a human message, from any copy: it is not a model reply', () => {
    const unknown = { family: 'unknown', text: '', ignored: [], readable: false, toolCalls: [] };
    expect(readReply(langchainHuman)).toEqual(unknown);
    expect(readReply(new commonJs.HumanMessage('{"ops":[]}'))).toEqual(unknown);
    expect(readReply(new LegacyHumanMessage('{"ops":[]}'))).toEqual(unknown);
  });
});
