import type { MemoryScope } from '@symfonic/core';
import { createMemory, memoryToolName } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aiSdkMemoryTool } from './ai-sdk-memory-tool.js';
import type { MemoryReport } from './memory-report.js';
import { symfonicMemory } from './symfonic-memory.js';
import { answerWithOps, type ScriptedStep, scriptedModel } from './testing/scripted-model.js';

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };
const ops = [{ op: 'add', text: 'The user lives in Lyon', salience: 0.7 }];
const opsObject = JSON.stringify({ ops });

function wrapped(steps: readonly ScriptedStep[]) {
  const store = createInMemoryStore();
  const reports: MemoryReport[] = [];
  const model = wrapLanguageModel({
    model: scriptedModel(steps),
    middleware: symfonicMemory({
      memory: createMemory({ store }),
      conversation,
      owner,
      onMemory: (report) => reports.push(report),
    }),
  });
  const remembered = async () =>
    (await store.list(owner, { limit: 10 })).records.map((record) => record.text);
  return { model, reports, remembered };
}

async function streamed(steps: readonly ScriptedStep[]) {
  const agent = wrapped(steps);
  const result = streamText({ model: agent.model, prompt: 'Hello.' });
  const deltas: string[] = [];
  for await (const delta of result.textStream) deltas.push(delta);
  return { ...agent, deltas };
}

describe('the answer the user gets, through the middleware', () => {
  it('streamText: the ops object split at every place in two deltas never shows, and is remembered', async () => {
    const answer = answerWithOps('Lyon, noted.', ops);
    for (let cut = 1; cut < answer.length; cut += 1) {
      const { deltas, remembered, reports } = await streamed([
        { deltas: [answer.slice(0, cut), answer.slice(cut)] },
      ]);
      expect(deltas.join(''), `cut at ${cut}`).toBe('Lyon, noted.');
      expect(reports[0]?.withheld).toEqual([opsObject]);
      expect(await remembered()).toEqual(['The user lives in Lyon']);
    }
  });

  it('a JSON answer the user asked for reaches them unchanged once it closes, and the ops object after it does not', async () => {
    const json = '{"city": "Lyon", "since": 2026}';
    const { deltas, remembered } = await streamed([
      { deltas: ['{"city": "Lyon",', ' "since": 2026}', `\n${opsObject}`] },
    ]);
    expect(deltas).toEqual([json]);
    expect(deltas.join('')).toBe(json);
    expect(await remembered()).toEqual(['The user lives in Lyon']);
  });

  it('generateText with two JSON objects: the first is the answer, the ops one is remembered', async () => {
    const agent = wrapped([{ deltas: [`{"answer": 42}\n\n${opsObject}`] }]);
    const result = await generateText({ model: agent.model, prompt: 'Answer in JSON.' });
    expect(result.text).toBe('{"answer": 42}');
    expect(result.content).toEqual([{ type: 'text', text: '{"answer": 42}' }]);
    expect(await agent.remembered()).toEqual(['The user lives in Lyon']);
  });

  it('a draft ops object in the reasoning is never remembered, in generate or stream', async () => {
    const draft = '{"ops": [{"op": "add", "text": "draft note, not final"}]}';
    const steps = [{ reasoning: draft, deltas: ['Hello to you.\n\n{"ops": []}'] }];
    const generated = wrapped(steps);
    const result = await generateText({ model: generated.model, prompt: 'Hello.' });
    expect(result.text).toBe('Hello to you.');
    expect(result.reasoningText).toBe(draft);
    expect(await generated.remembered()).toEqual([]);
    expect(generated.reports[0]?.outcome?.ignored).toContain('reasoning');

    const stream = await streamed(steps);
    expect(stream.deltas.join('')).toBe('Hello to you.');
    expect(await stream.remembered()).toEqual([]);
    expect(stream.reports[0]?.outcome?.ignored).toContain('reasoning');
  });

  it('a truncated answer: the unclosed ops object is withheld, reported, and writes nothing', async () => {
    const { deltas, reports, remembered } = await streamed([
      { deltas: ['Sure. {"ops": [{"op": "add", "te'], finish: 'length' },
    ]);
    expect(deltas.join('')).toBe('Sure.');
    expect(reports[0]).toMatchObject({ finish: 'remembered', truncated: true });
    expect(reports[0]?.outcome?.applied).toEqual([]);
    expect(await remembered()).toEqual([]);
  });

  it('a prompt that ends with an assistant message is passed through, reported as skipped', async () => {
    const agent = wrapped([{ deltas: [' and more.'] }]);
    const result = await generateText({
      model: agent.model,
      messages: [
        { role: 'user', content: 'Continue:' },
        { role: 'assistant', content: 'Once upon a time' },
      ],
    });
    expect(result.text).toBe(' and more.');
    expect(agent.reports).toMatchObject([{ step: 'outside', finish: 'skipped' }]);
  });
});

describe('ops across the steps of a tool loop, and through the memory tool', () => {
  const weather = tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => `sunny in ${city}`,
  });

  it("an ops object in an earlier step is remembered at that step's end, once", async () => {
    const agent = wrapped([
      {
        deltas: [`Let me check.\n${opsObject}`],
        toolCalls: [{ toolName: 'weather', input: { city: 'Lyon' } }],
      },
      { deltas: ['Sunny in Lyon.'] },
    ]);
    const result = streamText({
      model: agent.model,
      prompt: 'Weather where I live? I moved to Lyon.',
      tools: { weather },
      stopWhen: stepCountIs(4),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.join('')).toBe('Let me check.Sunny in Lyon.');
    expect(agent.reports.map(({ finish }) => finish)).toEqual(['tool-calls', 'remembered']);
    expect(agent.reports[0]?.outcome?.applied).toHaveLength(1);
    expect(agent.reports[1]?.outcome?.applied).toEqual([]);
    expect(await agent.remembered()).toEqual(['The user lives in Lyon']);
  });

  for (const kind of ['generate', 'stream'] as const) {
    it(`${kind}: a call of the memory tool (no execute) ends the turn, and remember reads it`, async () => {
      const agent = wrapped([
        { deltas: ['Noted.'], toolCalls: [{ toolName: memoryToolName, input: { ops } }] },
      ]);
      const options = {
        model: agent.model,
        prompt: 'I moved to Lyon.',
        tools: { [memoryToolName]: aiSdkMemoryTool() },
        stopWhen: stepCountIs(4),
      };
      const text =
        kind === 'generate' ? (await generateText(options)).text : await streamText(options).text;
      expect(text).toBe('Noted.');
      expect(agent.reports).toMatchObject([{ finish: 'remembered' }]);
      expect(await agent.remembered()).toEqual(['The user lives in Lyon']);
    });
  }
});
