import { ChatAnthropic } from '@langchain/anthropic';
import { AIMessage, type AIMessageChunk, HumanMessage } from '@langchain/core/messages';
import { concat } from '@langchain/core/utils/stream';
import { ChatOpenAI } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import {
  chatCompletionEvents,
  providerWire,
  responsesEvents,
} from './__fixtures__/provider-wire.js';
import { readFixture } from './__fixtures__/read-fixture.js';
import { isAIMessageChunk } from './is-ai-message-chunk.js';
import { replayedReply } from './replayed-reply.js';
import { toolObservations } from './tool-observations.js';
import type { ToolOutcome } from './tool-outcome.js';

/**
 * One round through the real integration packages: the provider's recorded
 * answer is parsed by `@langchain/anthropic` / `@langchain/openai` into real
 * messages, replayed onto the caller's ids, and the next request they build is
 * read off the wire. Only `fetch` is fake.
 */
type StreamEvents = { event: string; data: unknown }[];
const anthropicStream = readFixture<StreamEvents>('anthropic-two-tools.stream.json');
const anthropicMessage = readFixture('anthropic-two-tools.message.json');
const anthropicFinal = readFixture('anthropic-final.message.json');
const chatStream = readFixture<unknown[]>('openai-chat-two-tools.stream.json');
const chatFinal = readFixture('openai-chat-final.completion.json');
const responsesStream = readFixture<{ type: string }[]>('openai-responses-two-tools.stream.json');
const responsesFinal = readFixture('openai-responses-final.response.json');

const question = new HumanMessage('What is the weather in Paris, and the time in Tokyo?');
const callerIds = ['call_caller_weather', 'call_caller_time'];
const outcomes: ToolOutcome[] = [
  { id: 'call_caller_weather', result: '18°C, light rain' },
  { id: 'call_caller_time', error: 'the clock service is down' },
];

async function streamedRound(model: {
  stream(input: HumanMessage[]): Promise<AsyncIterable<AIMessageChunk>>;
}) {
  let aggregate: AIMessageChunk | undefined;
  for await (const chunk of await model.stream([question])) {
    aggregate = aggregate === undefined ? chunk : concat(aggregate, chunk);
  }
  if (aggregate === undefined) throw new Error('the stream was empty');
  return aggregate;
}

function expectNoProviderIds(request: unknown, providerIds: readonly string[]): void {
  const wire = JSON.stringify(request);
  for (const id of providerIds) expect(wire).not.toContain(id);
  for (const id of callerIds) expect(wire).toContain(id);
}

describe('one round through @langchain/anthropic', () => {
  const providerIds = ['toolu_01A09q90qw90lq917835lq9', 'toolu_01BXrJ6kRkA2p3mEb5Xq3k2T'];

  /** The text as Anthropic streamed it in two deltas: concat keeps them as two blocks. */
  const streamedText = [
    { type: 'text', text: 'Checking the weather ' },
    { type: 'text', text: 'and the time.' },
  ];
  const invokedText = [{ type: 'text', text: 'Checking the weather and the time.' }];

  function expectNextRequest(request: Record<string, unknown>, text: unknown[]): void {
    expect(request.messages).toEqual([
      { role: 'user', content: question.content },
      {
        role: 'assistant',
        content: [
          {
            type: 'thinking',
            thinking: 'Two independent lookups: call both tools at once.',
            signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxDHOMEiF2Ibc',
          },
          ...text,
          {
            type: 'tool_use',
            id: 'call_caller_weather',
            name: 'get_weather',
            input: { city: 'Paris' },
          },
          {
            type: 'tool_use',
            id: 'call_caller_time',
            name: 'get_time',
            input: { zone: 'Asia/Tokyo' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_caller_weather', content: '18°C, light rain' },
          {
            type: 'tool_result',
            tool_use_id: 'call_caller_time',
            content: 'the clock service is down',
          },
        ],
      },
    ]);
    expectNoProviderIds(request, providerIds);
  }

  it('replays a streamed round as an AIMessage on the caller ids, thinking kept', async () => {
    const wire = providerWire([{ stream: anthropicStream }, { json: anthropicFinal }]);
    const model = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'test-key',
      maxRetries: 0,
      clientOptions: { fetch: wire.fetch },
    });
    const aggregate = await streamedRound(model);

    const reply = replayedReply(aggregate, callerIds);
    const observations = toolObservations(reply, outcomes);
    await model.invoke([question, reply as AIMessage, ...observations]);

    expect(isAIMessageChunk(reply)).toBe(false);
    expect(observations.map((message) => [message.name, message.status])).toEqual([
      ['get_weather', 'success'],
      ['get_time', 'error'],
    ]);
    expectNextRequest(wire.requests[1] as Record<string, unknown>, streamedText);
  });

  it('replays what a streaming invoke returns: an AIMessageChunk', async () => {
    const wire = providerWire([{ stream: anthropicStream }, { json: anthropicFinal }]);
    const streaming = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'test-key',
      maxRetries: 0,
      streaming: true,
      clientOptions: { fetch: wire.fetch },
    });
    const invoked = await streaming.invoke([question]);
    expect(isAIMessageChunk(invoked)).toBe(true);

    const reply = replayedReply(invoked, callerIds);
    const next = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'test-key',
      maxRetries: 0,
      clientOptions: { fetch: wire.fetch },
    });
    await next.invoke([question, reply as AIMessage, ...toolObservations(reply, outcomes)]);

    expect(isAIMessageChunk(reply)).toBe(false);
    expectNextRequest(wire.requests[1] as Record<string, unknown>, streamedText);
  });

  it('remaps the tool_use blocks of an invoked reply along with its tool calls', async () => {
    const wire = providerWire([{ json: anthropicMessage }, { json: anthropicFinal }]);
    const model = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'test-key',
      maxRetries: 0,
      clientOptions: { fetch: wire.fetch },
    });
    const invoked = await model.invoke([question]);
    expect(
      (invoked.content as { type: string }[]).filter((block) => block.type === 'tool_use'),
    ).toHaveLength(2);

    const reply = replayedReply(invoked, callerIds);
    await model.invoke([question, reply as AIMessage, ...toolObservations(reply, outcomes)]);

    expectNextRequest(wire.requests[1] as Record<string, unknown>, invokedText);
  });

  it('shows what goes wrong without it: the raw reply keeps ids no tool result answers', async () => {
    const wire = providerWire([{ json: anthropicMessage }, { json: anthropicFinal }]);
    const model = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'test-key',
      maxRetries: 0,
      clientOptions: { fetch: wire.fetch },
    });
    const invoked = await model.invoke([question]);
    const unmapped = new AIMessage({
      ...invoked,
      tool_calls: invoked.tool_calls?.map((call, position) => ({
        ...call,
        id: callerIds[position],
      })),
    });
    await model.invoke([question, unmapped, ...toolObservations(unmapped, outcomes)]);

    expect(JSON.stringify(wire.requests[1])).toContain(providerIds[0]);
  });
});

describe('one round through @langchain/openai', () => {
  it('Chat Completions: tool calls and their raw copies carry the caller ids', async () => {
    const providerIds = ['call_jQ6UwmvMOQ9KqPB2vBbc1Xdq', 'call_9mPs7CSkWCmuYT5oLzTfDFYz'];
    const wire = providerWire([{ stream: chatCompletionEvents(chatStream) }, { json: chatFinal }]);
    const model = new ChatOpenAI({
      model: 'gpt-4o',
      apiKey: 'test-key',
      maxRetries: 0,
      streamUsage: true,
      configuration: { fetch: wire.fetch },
    });
    const aggregate = await streamedRound(model);
    expect(aggregate.additional_kwargs.tool_calls?.map((call) => call.id)).toEqual(providerIds);

    const reply = replayedReply(aggregate, callerIds);
    const observations = toolObservations(reply, outcomes);
    await model.invoke([question, reply as AIMessage, ...observations]);

    const request = wire.requests[1] as { messages: Record<string, unknown>[] };
    expect(request.messages[1]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { id: 'call_caller_weather', type: 'function', function: { name: 'get_weather' } },
        { id: 'call_caller_time', type: 'function', function: { name: 'get_time' } },
      ],
    });
    expect(request.messages.slice(2)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_caller_weather',
        name: 'get_weather',
        content: '18°C, light rain',
      },
      {
        role: 'tool',
        tool_call_id: 'call_caller_time',
        name: 'get_time',
        content: 'the clock service is down',
      },
    ]);
    expect(reply?.usage_metadata).toMatchObject({ input_tokens: 82, output_tokens: 47 });
    expectNoProviderIds(request, providerIds);
  });

  it.each(['v0', 'v1'] as const)(
    'Responses API (output %s): the replayed output items and the item-id map carry the caller ids',
    async (outputVersion) => {
      const providerIds = ['call_Kp2rY9vTqN4mWx7bC3dE5fG1', 'call_Lq3sZ0wUrO5nXy8cD4eF6gH2'];
      const wire = providerWire([
        { stream: responsesEvents(responsesStream) },
        { json: responsesFinal },
      ]);
      const model = new ChatOpenAI({
        model: 'gpt-5',
        apiKey: 'test-key',
        maxRetries: 0,
        useResponsesApi: true,
        outputVersion,
        configuration: { fetch: wire.fetch },
      });
      const aggregate = await streamedRound(model);

      const reply = replayedReply(aggregate, callerIds);
      await model.invoke([question, reply as AIMessage, ...toolObservations(reply, outcomes)]);

      const request = wire.requests[1] as { input: Record<string, unknown>[] };
      const calls = request.input.filter((item) => item.type === 'function_call');
      const results = request.input.filter((item) => item.type === 'function_call_output');
      expect(calls.map((item) => [item.call_id, item.name])).toEqual([
        ['call_caller_weather', 'get_weather'],
        ['call_caller_time', 'get_time'],
      ]);
      expect(results.map((item) => [item.call_id, item.output])).toEqual([
        ['call_caller_weather', '18°C, light rain'],
        ['call_caller_time', 'the clock service is down'],
      ]);
      expectNoProviderIds(request, providerIds);
    },
  );
});
