import { AIMessage, type BaseMessage, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import {
  type LangGraphRunnableConfig,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from '@langchain/langgraph';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import type { MemoryStore } from '@symfonic/core';
import { createLocalEmbedder } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SymfonicStore } from './symfonic-store.js';

/** Where a user's memories live in the LangGraph store (LangGraph refuses ':' in a label). */
const namespaceOf = (config: LangGraphRunnableConfig) => [
  'users',
  String(config.configurable?.userId),
  'memories',
];

/** The tool the model writes a memory with: one key per fact, so a correction replaces it. */
const saveMemory = tool(
  async ({ key, text }, config: LangGraphRunnableConfig) => {
    await config.store?.put(namespaceOf(config), key, { text });
    return `saved ${key}`;
  },
  {
    name: 'save_memory',
    description: 'Remember a fact about the user under a short key; the same key replaces it.',
    schema: z.object({ key: z.string(), text: z.string() }),
  },
);

/** How the scripted model answers, reading what the graph recalled for it as a model does. */
function answer(messages: BaseMessage[]): AIMessage {
  const last = messages.at(-1);
  if (last?.type === 'tool') return new AIMessage('Noted.');
  const said = last?.text ?? '';
  const recalled = messages.find((message) => message.type === 'system')?.text ?? '';
  const save = (key: string, text: string) =>
    new AIMessage({
      content: '',
      tool_calls: [{ id: `save-${key}`, name: 'save_memory', args: { key, text } }],
    });
  if (said.includes('I live in Lisbon')) return save('home', 'The user lives in Lisbon');
  if (said.includes('allergic to peanuts'))
    return save('allergy', 'The user is allergic to peanuts');
  if (said.includes('moved to Porto')) return save('home', 'The user lives in Porto');
  if (said.includes('I live in Berlin')) return save('home', 'The user lives in Berlin');
  if (said.includes('Where do I live')) {
    const city = /The user lives in (\w+)/.exec(recalled)?.[1];
    return new AIMessage(city ? `You live in ${city}.` : 'I do not know.');
  }
  if (said.includes('snack')) {
    return new AIMessage(
      recalled.includes('allergic to peanuts') ? 'Dried fruit, and no peanuts.' : 'Trail mix.',
    );
  }
  return new AIMessage('I see.');
}

const stores: readonly [string, () => Promise<MemoryStore>][] = [
  ['in-memory store', async () => createInMemoryStore({ embedder: createLocalEmbedder() })],
  ['PGlite store', () => openPGliteStore({ embedder: createLocalEmbedder() })],
];

describe.each(stores)(
  'a LangGraph graph with SymfonicStore over three sessions on the %s',
  (_name, open) => {
    let backing: MemoryStore;
    beforeAll(async () => {
      backing = await open();
    });
    afterAll(async () => {
      await backing.close();
    });

    it('recalls a session-1 fact in session 3, corrects a fact in place, and keeps two users apart', async () => {
      const store = new SymfonicStore(backing, { tenant: 'acme' });
      const model = fakeModel();
      const recalledBy: Record<string, string[]> = { ada: [], bob: [] };
      const graph = new StateGraph(MessagesAnnotation)
        .addNode('agent', async (state, config: LangGraphRunnableConfig) => {
          const question = state.messages.at(-1)?.text ?? '';
          const found =
            state.messages.at(-1)?.type === 'human'
              ? await (config.store as SymfonicStore).search(namespaceOf(config), {
                  query: question,
                  limit: 3,
                })
              : [];
          const recalled = found.map((item) => `- ${item.value.text}`).join('\n');
          recalledBy[String(config.configurable?.userId)]?.push(recalled);
          const reply = await model.invoke([
            new SystemMessage(`What you remember:\n${recalled}`),
            ...state.messages,
          ]);
          return { messages: [reply] };
        })
        .addNode('tools', new ToolNode([saveMemory]))
        .addEdge(START, 'agent')
        .addConditionalEdges('agent', toolsCondition)
        .addEdge('tools', 'agent')
        .compile({ store, checkpointer: new MemorySaver() });

      const chunks: string[] = [];
      const say = async (userId: string, session: string, text: string) => {
        model.respond(answer).respond(answer);
        const stream = await graph.stream(
          { messages: [new HumanMessage(text)] },
          { streamMode: 'messages', configurable: { userId, thread_id: `${userId}-${session}` } },
        );
        let said = '';
        for await (const [message] of stream) {
          if (message.type !== 'ai') continue;
          chunks.push(JSON.stringify(message));
          said = message.text;
        }
        return said;
      };

      expect(await say('ada', '1', "Hi! I'm Ada and I live in Lisbon.")).toBe('Noted.');
      expect(await say('ada', '1', "I'm allergic to peanuts, keep it in mind.")).toBe('Noted.');
      expect(await say('bob', '1', "I'm Bob and I live in Berlin.")).toBe('Noted.');
      expect(await say('ada', '2', 'Big news: I moved to Porto last month.')).toBe('Noted.');
      expect(await say('ada', '3', 'Where do I live now?')).toBe('You live in Porto.');
      expect(await say('ada', '3', 'Any snack ideas for my hike?')).toBe(
        'Dried fruit, and no peanuts.',
      );
      expect(await say('bob', '2', 'Where do I live now?')).toBe('You live in Berlin.');

      // The correction replaced the value of the key in place: one memory, its history keeps Lisbon.
      const home = await store.get(['users', 'ada', 'memories'], 'home');
      expect(home?.value).toEqual({ text: 'The user lives in Porto' });
      const [record] = (
        await backing.list({ tenant: 'acme', path: ['users', 'ada', 'memories'] })
      ).records.filter((memory) => memory.text.includes('lives in'));
      const history = await backing.history(
        { tenant: 'acme', path: ['users', 'ada', 'memories'] },
        record?.id ?? '',
      );
      expect(history.map(({ change, text }) => [change, text])).toEqual([
        ['created', 'The user lives in Lisbon'],
        ['updated', 'The user lives in Porto'],
      ]);

      // Neither user ever recalled the other's memories.
      for (const recalled of recalledBy.ada ?? []) expect(recalled).not.toMatch(/Berlin/);
      for (const recalled of recalledBy.bob ?? [])
        expect(recalled).not.toMatch(/Lisbon|Porto|peanut/);
      expect(await store.listNamespaces({ prefix: ['users'] })).toEqual([
        ['users', 'ada', 'memories'],
        ['users', 'bob', 'memories'],
      ]);
      expect(chunks.length).toBeGreaterThanOrEqual(7);
    });
  },
);
