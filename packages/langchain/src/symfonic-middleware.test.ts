import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { FakeListChatModel, FakeStreamingChatModel } from '@langchain/core/utils/testing';
import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { createAgent } from 'langchain';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MemoryReport } from './memory-report.js';
import {
  memoryToolAcknowledgement,
  memoryToolCutOff,
  symfonicMiddleware,
} from './symfonic-middleware.js';
import { answerWithOps, StreamedChunksModel, wordChunks } from './testing/streamed-chunks-model.js';

const tenant = 'acme';
const owner: MemoryScope = { tenant, path: ['user:ada'] };
const conversation: MemoryScope = { tenant, path: ['user:ada', 'conversation:1'] };
const ops = [{ op: 'add', layer: 'semantic', text: 'The user lives in Lyon', salience: 0.7 }];
const opsObject = JSON.stringify({ ops });
const lyon = answerWithOps('Congratulations on the move to Lyon!', ops);

/** The text of every system message a model call was given, in order. */
const systemsOf = (messages: readonly BaseMessage[] | undefined) =>
  (messages ?? []).filter((message) => message.type === 'system').map((message) => message.text);

/** A memory that counts the calls of each method (and does what the real one does). */
function countingMemory(memory: Memory) {
  const calls = { record: 0, hydrate: 0, remember: 0 };
  return {
    calls,
    memory: {
      ...memory,
      record: (...args: Parameters<Memory['record']>) => {
        calls.record += 1;
        return memory.record(...args);
      },
      hydrate: (...args: Parameters<Memory['hydrate']>) => {
        calls.hydrate += 1;
        return memory.hydrate(...args);
      },
      remember: (...args: Parameters<Memory['remember']>) => {
        calls.remember += 1;
        return memory.remember(...args);
      },
    } satisfies Memory,
  };
}

describe('symfonicMiddleware in createAgent', () => {
  let store: MemoryStore;
  let memory: Memory;
  let reports: MemoryReport[];
  beforeEach(() => {
    store = createInMemoryStore();
    memory = createMemory({ store });
    reports = [];
  });
  const middleware = (options: Partial<Parameters<typeof symfonicMiddleware>[0]> = {}) =>
    symfonicMiddleware({
      memory,
      conversation,
      owner,
      onMemory: (report) => reports.push(report),
      ...options,
    });
  const remembered = async () =>
    (await store.list(owner, { limit: 10 })).records.map((record) => record.text);

  it('invoke: the block as a system message after the agent’s own, no ops in the messages, the fact written at the owner', async () => {
    const model = fakeModel().respond(new AIMessage(lyon));
    const agent = createAgent({
      model,
      tools: [],
      systemPrompt: 'You are a travel assistant.',
      middleware: [middleware()],
    });
    const result = await agent.invoke({
      messages: [new HumanMessage('I moved to Lyon last week.')],
    });

    const answer = result.messages.at(-1);
    expect(answer?.text).toBe('Congratulations on the move to Lyon!');
    expect(JSON.stringify(result.messages)).not.toContain('"ops');
    expect(systemsOf(model.calls[0]?.messages)).toEqual([
      'You are a travel assistant.',
      memory.instructions(),
    ]);
    expect(await remembered()).toEqual(['The user lives in Lyon']);
    const [report] = reports;
    expect(report).toMatchObject({ step: 'first', finish: 'remembered', withheld: [opsObject] });
    expect(report?.answer).toBe('Congratulations on the move to Lyon!');
    expect(report?.timings).toEqual({
      hydrate: expect.any(Number),
      remember: expect.any(Number),
      record: expect.any(Number),
      middleware: expect.any(Number),
    });
    const [record] = (await store.list(owner, { limit: 1 })).records;
    expect(record?.provenance).toMatchObject({
      writer: 'symfonic-langchain',
      turnId: report?.turnId,
      replyFamily: 'langchain',
    });
    const turns = await store.recent(conversation, 10);
    expect(turns.map(({ speaker, text }) => [speaker, text])).toEqual([
      ['user', 'I moved to Lyon last week.'],
      ['assistant', 'Congratulations on the move to Lyon!'],
    ]);
  });

  it('a later conversation of the same user gets the fact in its block', async () => {
    await createAgent({
      model: fakeModel().respond(new AIMessage(lyon)),
      middleware: [middleware()],
    }).invoke({
      messages: [new HumanMessage('I moved to Lyon last week.')],
    });
    const model = fakeModel().respond(new AIMessage('You live in Lyon.'));
    await createAgent({
      model,
      middleware: [middleware({ conversation: { tenant, path: ['user:ada', 'conversation:2'] } })],
    }).invoke({ messages: [new HumanMessage('Where do I live?')] });

    const [system] = systemsOf(model.calls[0]?.messages);
    expect(system?.startsWith(memory.instructions())).toBe(true);
    expect(system).toContain('[semantic #1] The user lives in Lyon');
  });

  it('stream (messages mode): the ops object split at every place in two chunks never shows, and is remembered', async () => {
    for (let cut = 1; cut < lyon.length; cut += 1) {
      store = createInMemoryStore();
      memory = createMemory({ store });
      reports = [];
      const model = new FakeStreamingChatModel({
        chunks: [lyon.slice(0, cut), lyon.slice(cut)].map(
          (content) => new AIMessageChunk({ content }),
        ),
      });
      const agent = createAgent({ model, middleware: [middleware()] });
      const stream = await agent.stream(
        { messages: [new HumanMessage('I moved to Lyon last week.')] },
        { streamMode: 'messages' },
      );
      const texts: string[] = [];
      for await (const [message] of stream) {
        if (message.type === 'ai') texts.push(message.text);
      }
      expect(texts.join(''), `cut at ${cut}`).toBe('Congratulations on the move to Lyon!');
      for (const text of texts) expect(text).not.toMatch(/ops|\{/);
      expect(reports[0]?.withheld, `cut at ${cut}`).toEqual([opsObject]);
      expect(await remembered()).toEqual(['The user lives in Lyon']);
    }
  });

  it('stream (values and updates modes) and streamEvents, character by character: no chunk, event or state holds the ops object', async () => {
    const agent = () =>
      createAgent({
        model: new FakeListChatModel({ responses: [lyon] }),
        middleware: [middleware()],
      });
    const input = { messages: [new HumanMessage('I moved to Lyon last week.')] };

    const seen: string[] = [];
    for await (const chunk of await agent().stream(input, {
      streamMode: ['values', 'updates', 'messages'],
    })) {
      seen.push(JSON.stringify(chunk));
    }
    const events = agent().streamEvents(input, { version: 'v2' });
    const streamed: string[] = [];
    for await (const event of events) {
      // What the events carry out of the model and the agent (their inputs hold the instructions).
      seen.push(JSON.stringify({ chunk: event.data.chunk, output: event.data.output }));
      if (event.event === 'on_chat_model_stream') streamed.push(event.data.chunk.text);
    }

    expect(seen.length).toBeGreaterThan(10);
    for (const item of seen) expect(item).not.toContain('ops');
    expect(streamed.join('')).toBe('Congratulations on the move to Lyon!');
    expect(reports.map(({ finish }) => finish)).toEqual(['remembered', 'remembered']);
  });

  it('a tool loop costs one hydration and one remember, every model call given the same block', async () => {
    const counted = countingMemory(memory);
    memory = counted.memory;
    const weather = tool(async ({ city }) => `sunny in ${city}`, {
      name: 'weather',
      description: 'The weather in a city.',
      schema: z.object({ city: z.string() }),
    });
    const lookup = (id: string) =>
      new AIMessage({ content: '', tool_calls: [{ id, name: 'weather', args: { city: 'Lyon' } }] });
    const model = fakeModel()
      .respond(lookup('call-1'))
      .respond(lookup('call-2'))
      .respond(lookup('call-3'))
      .respond(
        new AIMessage(
          answerWithOps('Sunny in Lyon.', [
            {
              op: 'add',
              layer: 'episodic',
              text: 'The user asked about Lyon weather',
              salience: 0.3,
            },
          ]),
        ),
      );
    const agent = createAgent({
      model,
      tools: [weather],
      systemPrompt: 'You are a weather assistant.',
      middleware: [middleware()],
    });
    const result = await agent.invoke({
      messages: [new HumanMessage('What is the weather in Lyon?')],
    });

    expect(result.messages.at(-1)?.text).toBe('Sunny in Lyon.');
    expect(model.callCount).toBe(4);
    expect(counted.calls).toEqual({ record: 2, hydrate: 1, remember: 1 });
    const systems = model.calls.map((call) => systemsOf(call.messages));
    for (const system of systems) expect(system).toEqual(systems[0]);
    expect(systems[0]).toEqual(['You are a weather assistant.', memory.instructions()]);
    expect(reports.map(({ step, finish }) => `${step}:${finish}`)).toEqual([
      'first:tool-calls',
      'tool-step:tool-calls',
      'tool-step:tool-calls',
      'tool-step:remembered',
    ]);
    expect(await remembered()).toEqual(['The user asked about Lyon weather']);
    const turns = await store.recent(conversation, 10);
    expect(turns.map(({ speaker }) => speaker)).toEqual(['user', 'assistant']);
  });

  it('the memory tool channel: a streamed memory_ops call is read and written once the turn ends', async () => {
    const args = JSON.stringify({ ops });
    const model = new StreamedChunksModel([
      [
        {
          content: '',
          tool_call_chunks: [
            {
              type: 'tool_call_chunk',
              index: 0,
              id: 'call-1',
              name: 'memory_ops',
              args: args.slice(0, 9),
            },
          ],
        },
        {
          content: '',
          tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: args.slice(9) }],
        },
      ],
      wordChunks('Lyon, noted.'),
    ]);
    const agent = createAgent({ model, middleware: [middleware({ channel: 'tool-call' })] });
    const result = await agent.invoke({ messages: [new HumanMessage('I moved to Lyon.')] });

    expect(systemsOf(model.calls[0])).toEqual([memory.instructions({ channel: 'tool-call' })]);
    const toolMessage = result.messages.find((message) => message.type === 'tool');
    expect(toolMessage?.text).toBe(memoryToolAcknowledgement);
    expect(result.messages.at(-1)?.text).toBe('Lyon, noted.');
    expect(await remembered()).toEqual(['The user lives in Lyon']);
    expect(reports.map(({ finish }) => finish)).toEqual(['tool-calls', 'remembered']);
    expect(reports[1]?.outcome?.toolCalls).toEqual([{ id: 'call-1', name: 'memory_ops', ops: 1 }]);
  });

  it('a memory_ops call whose arguments were cut off is reported unread and never written, though LangChain completes it', async () => {
    const cut = '{"ops":[{"op":"add","text":"cut';
    const model = new StreamedChunksModel([
      [
        {
          content: '',
          tool_call_chunks: [
            {
              type: 'tool_call_chunk',
              index: 0,
              id: 'call-1',
              name: 'memory_ops',
              args: cut.slice(0, 12),
            },
          ],
        },
        {
          content: '',
          tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, args: cut.slice(12) }],
        },
      ],
      wordChunks('Sorry, let me stop there.'),
    ]);
    const agent = createAgent({ model, middleware: [middleware({ channel: 'tool-call' })] });
    const result = await agent.invoke({ messages: [new HumanMessage('Remember this.')] });

    const call = result.messages.find((message): message is AIMessage => message.type === 'ai');
    // LangChain's parser made a whole call of it: the reason the raw pieces are what is read.
    expect(call?.tool_calls?.[0]?.args).toEqual({ ops: [{ op: 'add', text: 'cut' }] });
    expect(result.messages.find((message) => message.type === 'tool')?.text).toBe(memoryToolCutOff);
    expect(await remembered()).toEqual([]);
    expect(reports[0]?.unread).toEqual([
      expect.objectContaining({ id: 'call-1', name: 'memory_ops', rawArgs: cut }),
    ]);
    expect(reports[1]).toMatchObject({ finish: 'remembered' });
    expect(reports[1]?.outcome?.applied).toEqual([]);
  });

  it('text in content blocks (as Anthropic streams it): the ops object withheld from each block', async () => {
    const text = (piece: string) => ({ content: [{ type: 'text', text: piece, index: 0 }] });
    const cut = lyon.indexOf('{"ops"') + 3;
    const model = new StreamedChunksModel([
      [text(lyon.slice(0, 12)), text(lyon.slice(12, cut)), text(lyon.slice(cut))],
    ]);
    const agent = createAgent({ model, middleware: [middleware()] });
    const stream = await agent.stream(
      { messages: [new HumanMessage('I moved to Lyon last week.')] },
      { streamMode: 'messages' },
    );
    const texts: string[] = [];
    for await (const [message] of stream) if (message.type === 'ai') texts.push(message.text);

    expect(texts.join('')).toBe('Congratulations on the move to Lyon!');
    for (const piece of texts) expect(piece).not.toMatch(/ops|\{/);
    expect(await remembered()).toEqual(['The user lives in Lyon']);
  });

  it('a turn resumed with tool results this middleware did not begin: hydrated again, the user turn not logged twice', async () => {
    const counted = countingMemory(memory);
    memory = counted.memory;
    const model = fakeModel().respond(new AIMessage('It is sunny.'));
    const agent = createAgent({ model, middleware: [middleware()] });
    // The state a checkpoint holds after a tool round of an earlier run.
    const result = await agent.invoke({
      messages: [
        new HumanMessage('Weather in Lyon?'),
        new AIMessage({
          content: '',
          tool_calls: [{ id: 'c1', name: 'weather', args: { city: 'Lyon' } }],
        }),
        new ToolMessage({ tool_call_id: 'c1', name: 'weather', content: 'sunny' }),
      ],
    });

    expect(result.messages.at(-1)?.text).toBe('It is sunny.');
    expect(reports.map(({ step, finish }) => `${step}:${finish}`)).toEqual(['resumed:remembered']);
    expect(counted.calls).toEqual({ record: 1, hydrate: 1, remember: 1 });
    const turns = await store.recent(conversation, 10);
    expect(turns.map(({ speaker, text }) => `${speaker}: ${text}`)).toEqual([
      'assistant: It is sunny.',
    ]);
  });

  it('an aborted agent call writes nothing and is reported aborted', async () => {
    const controller = new AbortController();
    const model = fakeModel().respond(() => {
      controller.abort();
      return new AIMessage(lyon);
    });
    const agent = createAgent({ model, middleware: [middleware()] });
    await expect(
      agent.invoke(
        { messages: [new HumanMessage('I moved to Lyon.')] },
        { signal: controller.signal },
      ),
    ).rejects.toThrow();
    expect(await remembered()).toEqual([]);
    expect(reports.map(({ finish }) => finish)).toEqual(['aborted']);
  });
});
