import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { carriedTurnReason, createMemory, type Memory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MemoryReport } from './memory-report.js';
import { symfonicMemory } from './symfonic-memory.js';
import { answerWithOps, type ScriptedStep, scriptedModel } from './testing/scripted-model.js';

const tenant = 'acme';
const user = (id: string): MemoryScope => ({ tenant, path: [`user:${id}`] });
const conversationOf = (id: string, conversation: string): MemoryScope => ({
  tenant,
  path: [`user:${id}`, `conversation:${conversation}`],
});

const lyonOps = [{ op: 'add', layer: 'semantic', text: 'The user lives in Lyon', salience: 0.7 }];
const lyon = answerWithOps('Congratulations on the move to Lyon!', lyonOps);

/** The system messages a model call was given. */
const systemOf = (options: LanguageModelV3CallOptions | undefined) =>
  (options?.prompt ?? []).filter((message) => message.role === 'system').map((m) => m.content);

interface Harness {
  readonly store: MemoryStore;
  readonly memory: Memory;
}

function agent(
  harness: Harness,
  steps: readonly ScriptedStep[],
  scopes: { user: string; conversation: string },
) {
  const reports: MemoryReport[] = [];
  const model = scriptedModel(steps);
  const wrapped = wrapLanguageModel({
    model,
    middleware: symfonicMemory({
      memory: harness.memory,
      conversation: conversationOf(scopes.user, scopes.conversation),
      owner: user(scopes.user),
      onMemory: (report) => reports.push(report),
    }),
  });
  return { model, wrapped, reports };
}

const stores: readonly [string, () => Promise<MemoryStore & { close?: () => Promise<void> }>][] = [
  ['in-memory store', async () => createInMemoryStore()],
  ['PGlite store', () => openPGliteStore()],
];

describe.each(stores)('symfonicMemory on the %s', (_name, open) => {
  let store: MemoryStore & { close?: () => Promise<void> };
  let harness: Harness;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.close?.();
  });
  beforeEach(async () => {
    await store.forget({ tenant, path: [] });
    harness = { store, memory: createMemory({ store }) };
  });

  it('generateText: one system message (instructions, then the block), no ops in the answer, the fact written at the owner', async () => {
    const { wrapped, model, reports } = agent(harness, [{ deltas: [lyon] }], {
      user: 'ada',
      conversation: '1',
    });
    const result = await generateText({ model: wrapped, prompt: 'I moved to Lyon last week.' });

    expect(result.text).toBe('Congratulations on the move to Lyon!');
    expect(JSON.stringify(result.content)).not.toContain('"ops"');
    const [system, ...more] = systemOf(model.doGenerateCalls[0]);
    expect(more).toEqual([]);
    expect(system).toBe(harness.memory.instructions());

    const page = await store.list(user('ada'), { limit: 10 });
    expect(page.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
    const [report] = reports;
    expect(report).toMatchObject({ step: 'first', finish: 'remembered' });
    // Only the store's own conditions (e.g. no embedder): nothing failed.
    expect(report?.degraded).toEqual(report?.block?.degraded.conditions);
    expect(page.records[0]?.provenance).toMatchObject({
      writer: 'symfonic-ai-sdk',
      turnId: report?.turnId,
      replyFamily: 'ai-sdk',
    });
    expect(report?.withheld).toEqual([JSON.stringify({ ops: lyonOps })]);
    const turns = await store.recent(conversationOf('ada', '1'), 10);
    expect(turns.map(({ speaker, text }) => [speaker, text])).toEqual([
      ['user', 'I moved to Lyon last week.'],
      ['assistant', 'Congratulations on the move to Lyon!'],
    ]);
  });

  it('streamText: no delta carries the ops object, and the stream closes once memory is written', async () => {
    const cut = lyon.indexOf('{"ops"') + 4;
    const { wrapped, reports } = agent(
      harness,
      [{ deltas: [lyon.slice(0, 10), lyon.slice(10, cut), lyon.slice(cut)] }],
      { user: 'ada', conversation: '1' },
    );
    const result = streamText({ model: wrapped, prompt: 'I moved to Lyon last week.' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas.join('')).toBe('Congratulations on the move to Lyon!');
    for (const delta of deltas) expect(delta).not.toMatch(/ops|```|\{/);
    expect(await result.text).toBe('Congratulations on the move to Lyon!');
    expect(reports).toMatchObject([{ finish: 'remembered', answer: deltas.join('') }]);
    const page = await store.list(user('ada'), { limit: 10 });
    expect(page.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
  });

  it('a second conversation of the same user recalls what the first one stored', async () => {
    await generateText({
      model: agent(harness, [{ deltas: [lyon] }], { user: 'ada', conversation: '1' }).wrapped,
      prompt: 'I moved to Lyon last week.',
    });
    const second = agent(harness, [{ deltas: ['You live in Lyon.'] }], {
      user: 'ada',
      conversation: '2',
    });
    const result = await generateText({ model: second.wrapped, prompt: 'Where do I live?' });

    expect(result.text).toBe('You live in Lyon.');
    const [system] = systemOf(second.model.doGenerateCalls[0]);
    expect(system).toContain('[semantic #1] The user lives in Lyon');
    expect(system?.startsWith(harness.memory.instructions())).toBe(true);
    expect(second.reports[0]?.block?.refs['#1']).toBeDefined();
  });

  it('two users talking at once: neither block holds the other user’s memories', async () => {
    const bobFact = answerWithOps('Berlin, noted.', [
      { op: 'add', layer: 'semantic', text: 'The user lives in Berlin', salience: 0.7 },
    ]);
    const ada = agent(harness, [{ deltas: [lyon] }, { deltas: ['You live in Lyon.'] }], {
      user: 'ada',
      conversation: '1',
    });
    const bob = agent(harness, [{ deltas: [bobFact] }, { deltas: ['You live in Berlin.'] }], {
      user: 'bob',
      conversation: '1',
    });
    const drain = async (model: typeof ada.wrapped, prompt: string) => {
      const result = streamText({ model, prompt });
      return result.text;
    };
    await Promise.all([
      drain(ada.wrapped, 'I moved to Lyon last week.'),
      drain(bob.wrapped, 'I moved to Berlin last week.'),
    ]);
    await Promise.all([
      drain(ada.wrapped, 'Where do I live? Lyon or Berlin?'),
      drain(bob.wrapped, 'Where do I live? Lyon or Berlin?'),
    ]);

    const adaSystem = systemOf(ada.model.doStreamCalls[1]).join('\n');
    const bobSystem = systemOf(bob.model.doStreamCalls[1]).join('\n');
    expect(adaSystem).toContain(ada.reports[1]?.block?.text);
    expect(bobSystem).toContain(bob.reports[1]?.block?.text);
    const adaBlock = ada.reports[1]?.block?.text;
    const bobBlock = bob.reports[1]?.block?.text;
    expect(adaBlock).toContain('[semantic #1] The user lives in Lyon');
    expect(adaBlock).not.toContain('Berlin');
    expect(bobBlock).toContain('[semantic #1] The user lives in Berlin');
    expect(bobBlock).not.toContain('Lyon');
    const adaMemories = await store.list(user('ada'), { limit: 10 });
    expect(adaMemories.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
  });

  it('a five-step tool loop costs one hydration and one remember, every step given the same block', async () => {
    const lookup = { toolName: 'weather', input: { city: 'Lyon' } };
    const steps: ScriptedStep[] = [
      { toolCalls: [lookup] },
      { toolCalls: [lookup] },
      { deltas: ['Checking once more.'], toolCalls: [lookup] },
      { toolCalls: [lookup] },
      {
        deltas: [
          answerWithOps('Sunny in Lyon.', [
            {
              op: 'add',
              text: 'The user asked about Lyon weather',
              layer: 'episodic',
              salience: 0.3,
            },
          ]),
        ],
      },
    ];
    const counted = countingMemory(harness.memory);
    const { model, wrapped, reports } = agent({ ...harness, memory: counted.memory }, steps, {
      user: 'ada',
      conversation: '1',
    });
    const result = streamText({
      model: wrapped,
      system: 'You are a weather assistant.',
      prompt: 'What is the weather in Lyon?',
      tools: {
        weather: tool({
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => `sunny in ${city}`,
        }),
      },
      stopWhen: stepCountIs(10),
    });
    const text = await result.text;

    expect(text).toBe('Sunny in Lyon.');
    expect(model.doStreamCalls).toHaveLength(5);
    expect(counted.calls).toEqual({ record: 2, hydrate: 1, remember: 1 });
    const systems = model.doStreamCalls.map((call) => systemOf(call));
    for (const system of systems) expect(system).toEqual(systems[0]);
    expect(systems[0]?.[0]).toBe('You are a weather assistant.');
    expect(systems[0]?.[1]?.startsWith(harness.memory.instructions())).toBe(true);
    expect(reports.map(({ step, finish }) => `${step}:${finish}`)).toEqual([
      'first:tool-calls',
      'tool-step:tool-calls',
      'tool-step:tool-calls',
      'tool-step:tool-calls',
      'tool-step:remembered',
    ]);
    const turns = await store.recent(conversationOf('ada', '1'), 10);
    expect(turns.map(({ speaker }) => speaker)).toEqual(['user', 'assistant']);
  });

  it('a new request resuming a turn after client-side tools: hydrated again, the user turn not logged twice', async () => {
    const counted = countingMemory(harness.memory);
    const { wrapped, reports } = agent(
      { ...harness, memory: counted.memory },
      [{ deltas: ['It is sunny.'] }],
      { user: 'ada', conversation: '1' },
    );
    const result = await generateText({
      model: wrapped,
      messages: [
        { role: 'user', content: 'Weather in Lyon?' },
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Lyon' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'weather',
              output: { type: 'text', value: 'sunny' },
            },
          ],
        },
      ],
    });

    expect(result.text).toBe('It is sunny.');
    expect(reports.map(({ step, finish }) => `${step}:${finish}`)).toEqual(['resumed:remembered']);
    expect(counted.calls).toEqual({ record: 1, hydrate: 1, remember: 1 });
    const turns = await store.recent(conversationOf('ada', '1'), 10);
    expect(turns.map(({ speaker, text }) => `${speaker}: ${text}`)).toEqual([
      'assistant: It is sunny.',
    ]);
  });

  it('says no turn twice: the block leaves out every turn the prompt already carries', async () => {
    const first = agent(harness, [{ deltas: ['Hello Ada.'] }], { user: 'ada', conversation: '1' });
    await generateText({ model: first.wrapped, prompt: 'Hi, I am Ada.' });
    await generateText({ model: first.wrapped, prompt: 'I like jazz.' });

    // A chat app sends the whole conversation: nothing of it comes back as working lines.
    const chat = agent(harness, [{ deltas: ['Sure.'] }], { user: 'ada', conversation: '1' });
    await generateText({
      model: chat.wrapped,
      messages: [
        { role: 'user', content: 'Hi, I am Ada.' },
        { role: 'assistant', content: 'Hello Ada.' },
        { role: 'user', content: 'I like jazz.' },
        { role: 'assistant', content: 'Hello Ada.' },
        { role: 'user', content: 'Suggest an album.' },
      ],
    });
    const block = chat.reports[0]?.block;
    expect(block?.text).not.toContain('[working]');
    expect(block?.dropped.filter((dropped) => dropped.reason === carriedTurnReason)).toHaveLength(
      4,
    );

    // A prompt of one message: the window fills in the recent turns, less the current one.
    const single = agent(harness, [{ deltas: ['Kind of Blue.'] }], {
      user: 'ada',
      conversation: '1',
    });
    await generateText({ model: single.wrapped, prompt: 'Which album again?' });
    const text = single.reports[0]?.block?.text ?? '';
    expect(text).toContain('[working] user: Suggest an album.');
    expect(text).not.toContain('Which album again?');
  });
});

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
