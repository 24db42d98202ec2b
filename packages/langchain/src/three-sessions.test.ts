import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { createLocalEmbedder, createMemory, type Memory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryReport } from './memory-report.js';
import { symfonicMiddleware } from './symfonic-middleware.js';
import { answerWithOps } from './testing/streamed-chunks-model.js';

const tenant = 'acme';

/** The memory system message of a model call: the block, after the instructions. */
const memorySystemOf = (messages: readonly BaseMessage[]) =>
  messages
    .filter((message) => message.type === 'system')
    .map((message) => message.text)
    .join('\n');

/**
 * How the scripted model answers a user message, reading the memory block it
 * was given as a model does (the correction names the ref the block shows).
 */
function answer(messages: BaseMessage[]): AIMessage {
  const said = messages.at(-1)?.text ?? '';
  const block = memorySystemOf(messages);
  const ref = (text: string) => new RegExp(`\\[semantic (#\\d+)\\] ${text}`).exec(block)?.[1];
  if (said.includes('I live in Lisbon')) {
    return new AIMessage(
      answerWithOps('Nice to meet you, Ada!', [
        { op: 'add', text: "The user's name is Ada", salience: 0.8 },
        { op: 'add', text: 'The user lives in Lisbon', salience: 0.7 },
      ]),
    );
  }
  if (said.includes('allergic to peanuts')) {
    return new AIMessage(
      answerWithOps('Noted, no peanuts.', [
        { op: 'add', text: 'The user is allergic to peanuts', salience: 0.95 },
      ]),
    );
  }
  if (said.includes('moved to Porto')) {
    const lisbon = ref('The user lives in Lisbon');
    return new AIMessage(
      answerWithOps(
        'Porto, congratulations!',
        lisbon ? [{ op: 'update', ref: lisbon, text: 'The user lives in Porto' }] : [],
      ),
    );
  }
  if (said.includes("I'm Bob")) {
    return new AIMessage(
      answerWithOps('Hello Bob.', [
        { op: 'add', text: "The user's name is Bob", salience: 0.8 },
        { op: 'add', text: 'The user lives in Berlin', salience: 0.7 },
      ]),
    );
  }
  if (said.includes('Where do I live')) {
    const city = /The user lives in (\w+)/.exec(block)?.[1];
    return new AIMessage(answerWithOps(city ? `You live in ${city}.` : 'I do not know.', []));
  }
  if (said.includes('snack')) {
    const allergic = block.includes('allergic to peanuts');
    return new AIMessage(
      answerWithOps(allergic ? 'Dried fruit, and no peanuts.' : 'Trail mix with peanuts.', []),
    );
  }
  return new AIMessage(answerWithOps('I see.', []));
}

const stores: readonly [string, () => Promise<MemoryStore>][] = [
  ['in-memory store', async () => createInMemoryStore({ embedder: createLocalEmbedder() })],
  ['PGlite store', () => openPGliteStore({ embedder: createLocalEmbedder() })],
];

describe.each(stores)('a LangChain agent over three sessions on the %s', (_name, open) => {
  let store: MemoryStore;
  let memory: Memory;
  beforeAll(async () => {
    store = await open();
    memory = createMemory({ store, embedder: createLocalEmbedder() });
  });
  afterAll(async () => {
    await store.close();
  });

  /** One session: a conversation of `user`, its own middleware and agent, one thread. */
  function session(user: string, conversation: string) {
    const owner: MemoryScope = { tenant, path: [`user:${user}`] };
    const reports: MemoryReport[] = [];
    const model = fakeModel();
    const agent = createAgent({
      model,
      checkpointer: new MemorySaver(),
      middleware: [
        symfonicMiddleware({
          memory,
          owner,
          conversation: { tenant, path: [`user:${user}`, `conversation:${conversation}`] },
          onMemory: (report) => reports.push(report),
        }),
      ],
    });
    const chunks: string[] = [];
    /** The user says `text`; the agent's streamed answer, every chunk kept. */
    const say = async (text: string) => {
      model.respond(answer);
      const stream = await agent.stream(
        { messages: [new HumanMessage(text)] },
        { streamMode: 'messages', configurable: { thread_id: `${user}-${conversation}` } },
      );
      let said = '';
      for await (const [message] of stream) {
        if (message.type !== 'ai') continue;
        chunks.push(JSON.stringify(message));
        said += message.text;
      }
      return said;
    };
    const lastBlock = () => reports.at(-1)?.block?.text ?? '';
    return { say, model, reports, chunks, lastBlock, owner };
  }

  it('recalls a session-1 fact in session 3, corrects a fact in place, and keeps two users apart', async () => {
    const first = session('ada', '1');
    expect(await first.say("Hi! I'm Ada and I live in Lisbon.")).toBe('Nice to meet you, Ada!');
    expect(await first.say("I'm allergic to peanuts, keep it in mind.")).toBe('Noted, no peanuts.');

    const bob = session('bob', '1');
    expect(await bob.say("I'm Bob and I live in Berlin.")).toBe('Hello Bob.');

    const second = session('ada', '2');
    expect(
      await second.say('Big news: I no longer live in Lisbon, I moved to Porto last month.'),
    ).toBe('Porto, congratulations!');

    const third = session('ada', '3');
    expect(await third.say('Where do I live now?')).toBe('You live in Porto.');
    expect(third.lastBlock()).toContain('The user lives in Porto');
    expect(await third.say('Any snack ideas for my hike?')).toBe('Dried fruit, and no peanuts.');
    expect(third.lastBlock()).toContain('The user is allergic to peanuts');

    const bobLater = session('bob', '2');
    expect(await bobLater.say('Where do I live now?')).toBe('You live in Berlin.');

    // The correction updated the one memory of where Ada lives; its history keeps Lisbon.
    const ada = (await store.list(first.owner, { limit: 20 })).records;
    const homes = ada.filter((record) => record.text.includes('lives in'));
    expect(homes.map((record) => record.text)).toEqual(['The user lives in Porto']);
    const history = await store.history(first.owner, homes[0]?.id ?? '');
    expect(history.map(({ change, text }) => [change, text])).toEqual([
      ['created', 'The user lives in Lisbon'],
      ['updated', 'The user lives in Porto'],
    ]);

    // Neither user's blocks ever held the other's memories.
    for (const { reports } of [first, second, third]) {
      for (const report of reports) expect(report.block?.text).not.toMatch(/Bob|Berlin/);
    }
    for (const { reports } of [bob, bobLater]) {
      for (const report of reports)
        expect(report.block?.text).not.toMatch(/Ada|Lisbon|Porto|peanut/);
    }
    // Every turn remembered once, and no streamed chunk ever held an ops object.
    const all = [first, bob, second, third, bobLater];
    for (const { reports } of all) {
      expect(reports.map(({ finish }) => finish).every((finish) => finish === 'remembered')).toBe(
        true,
      );
    }
    const chunks = all.flatMap(({ chunks }) => chunks);
    expect(chunks.length).toBeGreaterThanOrEqual(7);
    for (const chunk of chunks) expect(chunk).not.toContain('ops');
  });
});
