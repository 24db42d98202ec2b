import {
  AIMessage,
  AIMessageChunk,
  type AIMessageChunkFields,
  HumanMessage,
} from '@langchain/core/messages';
import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { deepFreeze, snapshot } from './__fixtures__/deep-freeze.js';
import { type LangchainCopy, langchainCopies } from './__fixtures__/langchain-copies.js';
import { replyFields } from './__fixtures__/reply-fields.js';
import { isAIMessageChunk } from './is-ai-message-chunk.js';
import { replayedReply } from './replayed-reply.js';

const usage = { input_tokens: 12, output_tokens: 7, total_tokens: 19 };

/** Streams as providers deliver them, built with one copy's real `AIMessageChunk`. */
function streams({ messages }: LangchainCopy) {
  // Loosely typed: providers stream partial raw tool calls the declared types do not allow.
  const chunk = (fields: Record<string, unknown>) =>
    new messages.AIMessageChunk(fields as AIMessageChunkFields);
  return {
    'text only': [
      chunk({ content: 'The ', id: 'run-1' }),
      chunk({ content: 'answer is ' }),
      chunk({ content: '42.', response_metadata: { finish_reason: 'stop' } }),
      chunk({ content: '', usage_metadata: usage }),
    ],
    'parallel tool calls split across deltas': [
      chunk({
        content: '',
        id: 'chatcmpl-1',
        tool_call_chunks: [
          { type: 'tool_call_chunk', index: 0, id: 'call_A', name: 'get_weather', args: '' },
        ],
        additional_kwargs: {
          tool_calls: [
            {
              index: 0,
              id: 'call_A',
              type: 'function',
              function: { name: 'get_weather', arguments: '' },
            },
          ],
        },
      }),
      chunk({
        content: '',
        tool_call_chunks: [
          { type: 'tool_call_chunk', index: 1, id: 'call_B', name: 'get_time', args: '' },
        ],
        additional_kwargs: {
          tool_calls: [
            {
              index: 1,
              id: 'call_B',
              type: 'function',
              function: { name: 'get_time', arguments: '' },
            },
          ],
        },
      }),
      chunk({
        content: '',
        tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: '{"city":' }],
        additional_kwargs: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] },
      }),
      chunk({
        content: '',
        tool_call_chunks: [{ type: 'tool_call_chunk', index: 1, args: '{"zone":"Asia/Tokyo"}' }],
        additional_kwargs: {
          tool_calls: [{ index: 1, function: { arguments: '{"zone":"Asia/Tokyo"}' } }],
        },
      }),
      chunk({
        content: '',
        tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: '"Paris"}' }],
        additional_kwargs: { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] },
      }),
      chunk({
        content: '',
        usage_metadata: usage,
        response_metadata: { finish_reason: 'tool_calls' },
      }),
    ],
    'a tool call whose arguments are not JSON': [
      chunk({
        content: 'Let me look.',
        tool_call_chunks: [
          { type: 'tool_call_chunk', index: 0, id: 'call_X', name: 'search', args: '{"q": ' },
        ],
      }),
      chunk({
        content: '',
        tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: 'oops' }],
      }),
    ],
    'content blocks with thinking and tool use': [
      chunk({ content: [{ index: 0, type: 'thinking', thinking: 'Two ' }], id: 'msg_01' }),
      chunk({ content: [{ index: 0, type: 'thinking', thinking: 'cities.' }] }),
      chunk({ content: [{ index: 0, type: 'thinking', signature: 'EqQBCgIYAhIM' }] }),
      chunk({ content: [{ index: 1, type: 'text', text: 'Checking ' }] }),
      chunk({ content: [{ index: 1, type: 'text', text: 'both.' }] }),
      chunk({
        content: '',
        tool_call_chunks: [
          { type: 'tool_call_chunk', index: 2, id: 'toolu_A', name: 'get_weather', args: '' },
        ],
      }),
      chunk({
        content: '',
        tool_call_chunks: [{ type: 'tool_call_chunk', index: 2, args: '{"city": "Paris"}' }],
        usage_metadata: usage,
        response_metadata: { model_provider: 'anthropic', stop_reason: 'tool_use' },
      }),
    ],
  };
}

/** An Anthropic reply as `invoke` returns it: tool calls in `tool_calls` and in `tool_use` blocks. */
function anthropicReply({ messages }: LangchainCopy) {
  return new messages.AIMessage({
    id: 'msg_01',
    content: [
      { type: 'thinking', thinking: 'Two cities.', signature: 'EqQBCgIYAhIM' },
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'toolu_01B', name: 'get_time', input: { zone: 'Asia/Tokyo' } },
    ],
    tool_calls: [
      { type: 'tool_call', id: 'toolu_01A', name: 'get_weather', args: { city: 'Paris' } },
      { type: 'tool_call', id: 'toolu_01B', name: 'get_time', args: { zone: 'Asia/Tokyo' } },
    ],
    usage_metadata: usage,
    response_metadata: { model_provider: 'anthropic', stop_reason: 'tool_use' },
  });
}

function expectInvalidInput(run: () => unknown, messagePart: string): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(InvalidMemoryInput.isInstance(thrown)).toBe(true);
  expect((thrown as Error).message).toContain(messagePart);
}

describe.each(langchainCopies)('replayedReply with the $label', (copy) => {
  describe('a streamed round', () => {
    it.each(Object.entries(streams(copy)))(
      'becomes the AIMessage of what concat aggregates (%s)',
      (_, chunks) => {
        const aggregate = chunks.reduce((left, right) => copy.concat(left, right));
        expect(isAIMessageChunk(aggregate)).toBe(true);

        const reply = replayedReply(aggregate);

        expect(reply).toBeInstanceOf(AIMessage);
        expect(reply?.constructor).toBe(AIMessage);
        expect(isAIMessageChunk(reply)).toBe(false);
        expect(reply).not.toHaveProperty('tool_call_chunks');
        expect(replyFields(reply)).toEqual(replyFields(aggregate));
        expect(copy.messages.AIMessage.isInstance(reply)).toBe(true);
      },
    );

    it('keeps what concat merged: parallel calls, split arguments, usage, raw tool calls', () => {
      const chunks = streams(copy)['parallel tool calls split across deltas'];
      const reply = replayedReply(chunks.reduce((left, right) => copy.concat(left, right)));

      expect(reply?.tool_calls).toEqual([
        { type: 'tool_call', id: 'call_A', name: 'get_weather', args: { city: 'Paris' } },
        { type: 'tool_call', id: 'call_B', name: 'get_time', args: { zone: 'Asia/Tokyo' } },
      ]);
      expect(reply?.usage_metadata).toMatchObject(usage);
      expect(reply?.response_metadata).toMatchObject({ finish_reason: 'tool_calls' });
      expect(reply?.additional_kwargs.tool_calls?.map((call) => call.function.arguments)).toEqual([
        '{"city":"Paris"}',
        '{"zone":"Asia/Tokyo"}',
      ]);
    });

    it('keeps a tool call whose arguments did not parse as an invalid tool call', () => {
      const chunks = streams(copy)['a tool call whose arguments are not JSON'];
      const reply = replayedReply(chunks.reduce((left, right) => copy.concat(left, right)));

      expect(reply?.tool_calls).toEqual([]);
      expect(reply?.invalid_tool_calls).toMatchObject([
        { id: 'call_X', name: 'search', args: '{"q": oops' },
      ]);
    });

    it('keeps the thinking block, signature included', () => {
      const chunks = streams(copy)['content blocks with thinking and tool use'];
      const reply = replayedReply(chunks.reduce((left, right) => copy.concat(left, right)));

      expect(reply?.content).toContainEqual({
        index: 0,
        type: 'thinking',
        thinking: 'Two cities.',
        signature: 'EqQBCgIYAhIM',
      });
    });

    it('converts a single chunk as well as an aggregate, its name included', () => {
      const chunk = new copy.messages.AIMessageChunk({
        content: 'hi',
        id: 'run-9',
        name: 'planner',
      });
      const reply = replayedReply(chunk);

      expect(reply).not.toBe(chunk);
      expect(reply?.name).toBe('planner');
      expect(replyFields(reply)).toEqual(replyFields(chunk));
    });

    it('converts a chunk whose ids already match: a chunk is never replayed as a chunk', () => {
      const chunks = streams(copy)['parallel tool calls split across deltas'];
      const aggregate = chunks.reduce((left, right) => copy.concat(left, right));
      const reply = replayedReply(aggregate, ['call_A', 'call_B']);

      expect(isAIMessageChunk(reply)).toBe(false);
      expect(replyFields(reply)).toEqual(replyFields(aggregate));
    });

    it('remaps a streamed round while converting it', () => {
      const chunks = streams(copy)['parallel tool calls split across deltas'];
      const aggregate = chunks.reduce((left, right) => copy.concat(left, right));
      const reply = replayedReply(aggregate, ['facade-1', 'facade-2']);

      expect(isAIMessageChunk(reply)).toBe(false);
      expect(reply?.tool_calls?.map((call) => call.id)).toEqual(['facade-1', 'facade-2']);
      expect(reply?.additional_kwargs.tool_calls?.map((call) => call.id)).toEqual([
        'facade-1',
        'facade-2',
      ]);
      expect(JSON.stringify(replyFields(reply))).not.toMatch(/call_A|call_B/);
    });
  });

  describe('identity when nothing changes', () => {
    it('returns an AIMessage as it is when no tool was requested', () => {
      const message = new copy.messages.AIMessage({ content: 'Done.', id: 'msg_2' });
      expect(replayedReply(message)).toBe(message);
      expect(replayedReply(message, [])).toBe(message);
    });

    it('returns an AIMessage as it is when its ids already match', () => {
      const message = anthropicReply(copy);
      expect(replayedReply(message, ['toolu_01A', 'toolu_01B'])).toBe(message);
      expect(replayedReply(message)).toBe(message);
    });
  });

  describe('remapping tool call ids', () => {
    it('rewrites tool_calls and the tool_use blocks together, and nothing else', () => {
      const message = anthropicReply(copy);
      const reply = replayedReply(message, ['call-1', 'call-2']);

      expect(reply).not.toBe(message);
      expect(reply?.tool_calls?.map((call) => call.id)).toEqual(['call-1', 'call-2']);
      expect(reply?.content).toEqual([
        { type: 'thinking', thinking: 'Two cities.', signature: 'EqQBCgIYAhIM' },
        { type: 'text', text: 'Checking both.' },
        { type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call-2', name: 'get_time', input: { zone: 'Asia/Tokyo' } },
      ]);
      expect(JSON.stringify(replyFields(reply))).not.toContain('toolu_01');
      const { content, tool_calls, ...rest } = replyFields(reply);
      const { content: _c, tool_calls: _t, ...original } = replyFields(message);
      expect(rest).toEqual(original);
    });

    it('shares what it does not change', () => {
      const message = anthropicReply(copy);
      const reply = replayedReply(message, ['call-1', 'call-2']);
      const before = message.content as unknown[];
      const after = reply?.content as unknown[];

      expect(after[0]).toBe(before[0]);
      expect(after[1]).toBe(before[1]);
      expect(reply?.usage_metadata).toBe(message.usage_metadata);
    });

    it('swaps two ids without confusing them', () => {
      const message = anthropicReply(copy);
      const reply = replayedReply(message, ['toolu_01B', 'toolu_01A']);

      expect(reply?.tool_calls?.map((call) => [call.id, call.name])).toEqual([
        ['toolu_01B', 'get_weather'],
        ['toolu_01A', 'get_time'],
      ]);
      const blocks = (
        (reply?.content ?? []) as { type: string; id?: string; name?: string }[]
      ).filter((block) => block.type === 'tool_use');
      expect(blocks.map((block) => [block.id, block.name])).toEqual([
        ['toolu_01B', 'get_weather'],
        ['toolu_01A', 'get_time'],
      ]);
    });

    it('rewrites the Responses API references: call-id maps and replayed output items', () => {
      const message = new copy.messages.AIMessage({
        id: 'resp_1',
        content: [],
        tool_calls: [
          { type: 'tool_call', id: 'call_A', name: 'get_weather', args: { city: 'Paris' } },
        ],
        additional_kwargs: {
          reasoning: { id: 'rs_1', type: 'reasoning', summary: [] },
          __openai_function_call_ids__: { call_A: 'fc_1' },
        },
        response_metadata: {
          model_provider: 'openai',
          output: [
            { type: 'reasoning', id: 'rs_1', summary: [] },
            {
              type: 'function_call',
              id: 'fc_1',
              call_id: 'call_A',
              name: 'get_weather',
              arguments: '{"city":"Paris"}',
            },
          ],
        },
      });
      const reply = replayedReply(message, ['facade-1']);

      expect(reply?.additional_kwargs.__openai_function_call_ids__).toEqual({ 'facade-1': 'fc_1' });
      expect(reply?.response_metadata.output).toEqual([
        { type: 'reasoning', id: 'rs_1', summary: [] },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'facade-1',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
        },
      ]);
      expect(JSON.stringify(replyFields(reply))).not.toContain('call_A');
    });

    it('rewrites v1 tool_call blocks, so the constructor adds no duplicate', () => {
      const message = new copy.messages.AIMessage({
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_call', id: 'call_A', name: 'get_weather', args: { city: 'Paris' } },
        ],
        tool_calls: [
          { type: 'tool_call', id: 'call_A', name: 'get_weather', args: { city: 'Paris' } },
        ],
        response_metadata: { output_version: 'v1' },
      });
      const reply = replayedReply(message, ['facade-1']);

      expect(reply?.content).toEqual([
        { type: 'text', text: 'Checking.' },
        { type: 'tool_call', id: 'facade-1', name: 'get_weather', args: { city: 'Paris' } },
      ]);
      expect(reply?.tool_calls).toHaveLength(1);
      expect(reply?.tool_calls?.[0]?.id).toBe('facade-1');
    });

    it('leaves invalid tool calls and their blocks alone: the caller ran none of them', () => {
      const message = new copy.messages.AIMessage({
        content: [
          { type: 'tool_use', id: 'toolu_ok', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_bad', name: 'search', input: '{"q": oops' },
        ],
        tool_calls: [
          { type: 'tool_call', id: 'toolu_ok', name: 'get_weather', args: { city: 'Paris' } },
        ],
        invalid_tool_calls: [
          {
            type: 'invalid_tool_call',
            id: 'toolu_bad',
            name: 'search',
            args: '{"q": oops',
            error: 'bad',
          },
        ],
      });
      const reply = replayedReply(message, ['facade-1']);

      expect(((reply?.content ?? []) as { id: string }[]).map((block) => block.id)).toEqual([
        'facade-1',
        'toolu_bad',
      ]);
      expect(reply?.invalid_tool_calls).toEqual(message.invalid_tool_calls);
    });
  });

  describe('refusals', () => {
    it('refuses a count mismatch, whole, and leaves the reply untouched', () => {
      const message = anthropicReply(copy);
      const before = snapshot(message);

      expectInvalidInput(
        () => replayedReply(message, ['call-1']),
        '1 call ids were given for a reply with 2 tool calls',
      );
      expectInvalidInput(() => replayedReply(message, ['a', 'b', 'c']), '3 call ids');
      expect(snapshot(message)).toBe(before);
    });

    it('refuses call ids that are empty, repeated or not strings', () => {
      const message = anthropicReply(copy);
      expectInvalidInput(() => replayedReply(message, ['call-1', '']), 'position 1');
      expectInvalidInput(() => replayedReply(message, ['call-1', 'call-1']), 'are the same');
      expectInvalidInput(
        () => replayedReply(message, [7, 'call-2'] as unknown as string[]),
        'position 0',
      );
      expectInvalidInput(
        () => replayedReply(message, 'call-1' as unknown as string[]),
        'must be an array',
      );
    });

    it('refuses to remap two tool calls that share one id', () => {
      const message = new copy.messages.AIMessage({
        content: '',
        tool_calls: [
          { type: 'tool_call', id: 'dup', name: 'a', args: {} },
          { type: 'tool_call', id: 'dup', name: 'b', args: {} },
        ],
      });
      expectInvalidInput(
        () => replayedReply(message, ['x', 'y']),
        'positions 0 and 1 share one id',
      );
    });

    it('refuses what is not an assistant message, by shape', () => {
      expectInvalidInput(
        () => replayedReply(new copy.messages.HumanMessage('hi')),
        'not an assistant message',
      );
      expectInvalidInput(
        () => replayedReply({ type: 'ai', content: 'forged' }),
        'not an assistant message',
      );
      expectInvalidInput(() => replayedReply('hello'), 'not an assistant message');
    });

    it('answers undefined for a round with no reply, unless call ids say there were calls', () => {
      expect(replayedReply(undefined)).toBeUndefined();
      expect(replayedReply(null, [])).toBeUndefined();
      expectInvalidInput(() => replayedReply(undefined, ['call-1']), 'a round with no reply');
    });
  });

  describe('never mutates the provider object', () => {
    it.each(Object.entries(streams(copy)))(
      'converting a deep-frozen aggregate (%s)',
      (_, chunks) => {
        const aggregate = deepFreeze(chunks.reduce((left, right) => copy.concat(left, right)));
        const before = snapshot(aggregate);
        const reply = replayedReply(aggregate);

        expect(replyFields(reply)).toEqual(replyFields(aggregate));
        expect(snapshot(aggregate)).toBe(before);
      },
    );

    it('remapping a deep-frozen reply, v1 content included', () => {
      const message = deepFreeze(
        new copy.messages.AIMessage({
          content: [{ type: 'text', text: 'Checking.' }],
          tool_calls: [{ type: 'tool_call', id: 'call_A', name: 'get_weather', args: {} }],
          response_metadata: { output_version: 'v1' },
        }),
      );
      const before = snapshot(message);
      const reply = replayedReply(message, ['facade-1']);

      expect(reply?.content).toEqual([
        { type: 'text', text: 'Checking.' },
        { type: 'tool_call', id: 'facade-1', name: 'get_weather', args: {} },
      ]);
      expect(snapshot(message)).toBe(before);
    });
  });
});

describe('replayedReply across copies', () => {
  it('recognises a CJS chunk that AIMessageChunk.isInstance of the ESM build does not', () => {
    const [, cjs] = langchainCopies as [LangchainCopy, LangchainCopy];
    const chunk = new cjs.messages.AIMessageChunk({ content: 'hi' });

    expect(cjs.messages.AIMessageChunk).not.toBe(AIMessageChunk);
    expect(AIMessageChunk.isInstance(chunk)).toBe(false);
    expect(isAIMessageChunk(chunk)).toBe(true);
    expect(replayedReply(chunk)).toBeInstanceOf(AIMessage);
  });

  it('refuses an ESM human message as well as a CJS one', () => {
    expectInvalidInput(() => replayedReply(new HumanMessage('hi')), 'not an assistant message');
  });
});
