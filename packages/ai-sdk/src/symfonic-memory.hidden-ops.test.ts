import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { MemoryScope } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import {
  generateText,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MemoryReport } from './memory-report.js';
import { symfonicMemory } from './symfonic-memory.js';
import { type ScriptedStep, scriptedModel } from './testing/scripted-model.js';

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };
const opsOf = (...texts: string[]) =>
  JSON.stringify({ ops: texts.map((text) => ({ op: 'add', text })) });

const weather = tool({
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => `sunny in ${city}`,
});
/** A tool the app runs itself: no `execute`, so the request ends with the step that calls it. */
const askUser = tool({ inputSchema: z.object({ question: z.string() }) });

function agent(steps: readonly ScriptedStep[]) {
  const store = createInMemoryStore();
  const memory = createMemory({ store });
  let remembers = 0;
  const counted: Memory = {
    ...memory,
    remember: (...args) => {
      remembers += 1;
      return memory.remember(...args);
    },
  };
  const reports: MemoryReport[] = [];
  const model = wrapLanguageModel({
    model: scriptedModel(steps),
    middleware: symfonicMemory({
      memory: counted,
      conversation,
      owner,
      onMemory: (report) => reports.push(report),
    }),
  });
  return {
    model,
    reports,
    remembers: () => remembers,
    remembered: async () =>
      (await store.list(owner, { limit: 20 })).records.map((record) => record.text).sort(),
  };
}

/** The answer text the user got, through `generateText` or `streamText` (every text delta, joined). */
async function run(
  kind: 'generate' | 'stream',
  model: ReturnType<typeof agent>['model'],
  tools: Record<string, typeof weather | typeof askUser> = {},
): Promise<string> {
  const options = { model, prompt: 'I moved to Lyon.', tools, stopWhen: stepCountIs(5) };
  if (kind === 'generate') {
    const result = await generateText(options);
    return result.steps.map((step) => step.text).join('');
  }
  let text = '';
  for await (const delta of streamText(options).textStream) text += delta;
  return text;
}

describe.each(['generate', 'stream'] as const)(
  'every withheld ops object is written (%s)',
  (kind) => {
    it('a tool loop with an ops object in its first step and another in its final step writes both', async () => {
      const a = agent([
        {
          deltas: [`Checking.\n${opsOf('The user lives in Lyon')}`],
          toolCalls: [{ toolName: 'weather', input: { city: 'Lyon' } }],
        },
        { deltas: [`Sunny.\n\n${opsOf('The user asked about the weather')}`] },
      ]);
      expect(await run(kind, a.model, { weather })).toBe('Checking.Sunny.');
      expect(await a.remembered()).toEqual([
        'The user asked about the weather',
        'The user lives in Lyon',
      ]);
      expect(a.reports.map(({ finish }) => finish)).toEqual(['tool-calls', 'remembered']);
      expect(a.remembers()).toBe(2);
    });

    it('two ops objects in one answer are both written, one repeated op refused as a duplicate', async () => {
      const a = agent([
        {
          deltas: [
            `A. ${opsOf('The user likes jazz')} B.\n\`\`\`json\n${opsOf('The user plays piano', 'The user likes jazz')}\n\`\`\``,
          ],
        },
      ]);
      expect(await run(kind, a.model)).toBe('A. B.');
      expect(await a.remembered()).toEqual(['The user likes jazz', 'The user plays piano']);
      expect(a.reports[0]?.outcome?.rejected.map(({ code }) => code)).toEqual(['duplicate']);
      expect(a.reports[0]?.withheld).toHaveLength(2);
    });

    it('an ops object split across two text blocks: its tail never reaches the user, and it is written', async () => {
      const object = opsOf('The user lives in Lyon');
      const a = agent([
        {
          deltas: ['Noted. ', object.slice(0, 20)],
          moreBlocks: [[object.slice(20, 30), object.slice(30)], [' Bye.']],
        },
      ]);
      expect(await run(kind, a.model)).toBe('Noted. Bye.');
      expect(await a.remembered()).toEqual(['The user lives in Lyon']);
    });

    it('an ops object whose first key is not "ops" is withheld and written', async () => {
      const a = agent([
        {
          deltas: [
            'Noted.\n{"why": "the user said so", "ops": [{"op": "add", "text": "The user lives in Lyon"}]}',
          ],
        },
      ]);
      expect(await run(kind, a.model)).toBe('Noted.');
      expect(await a.remembered()).toEqual(['The user lives in Lyon']);
    });

    it('a step ended by a client-side tool writes its withheld ops at its end', async () => {
      const a = agent([
        {
          deltas: [`One question.\n${opsOf('The user lives in Lyon')}`],
          toolCalls: [{ toolName: 'askUser', input: { question: 'Which district?' } }],
        },
      ]);
      expect(await run(kind, a.model, { askUser })).toBe('One question.');
      expect(a.reports).toMatchObject([{ finish: 'tool-calls', step: 'first' }]);
      expect(a.reports[0]?.outcome?.applied.map(({ record }) => record.text)).toEqual([
        'The user lives in Lyon',
      ]);
      expect(await a.remembered()).toEqual(['The user lives in Lyon']);
    });

    it('a server-side tool loop whose tool steps withhold nothing costs one remember', async () => {
      const a = agent([
        { deltas: ['Checking.'], toolCalls: [{ toolName: 'weather', input: { city: 'Lyon' } }] },
        { toolCalls: [{ toolName: 'weather', input: { city: 'Paris' } }] },
        { deltas: [`Sunny.\n${opsOf('The user lives in Lyon')}`] },
      ]);
      expect(await run(kind, a.model, { weather })).toBe('Checking.Sunny.');
      expect(a.reports.map(({ finish }) => finish)).toEqual([
        'tool-calls',
        'tool-calls',
        'remembered',
      ]);
      expect(a.remembers()).toBe(1);
      expect(await a.remembered()).toEqual(['The user lives in Lyon']);
    });
  },
);

describe('a reply remember cannot read', () => {
  it('is reported as remember-unreadable, and the finish is never remembered', async () => {
    const reports: MemoryReport[] = [];
    const middleware = symfonicMemory({
      memory: createMemory({ store: createInMemoryStore() }),
      conversation,
      owner,
      onMemory: (report) => reports.push(report),
    });
    // A `text` content part inside a stream is no stream part any AI SDK version defines: the
    // reader refuses the array (it is a generate result's content, not a stream).
    const chunks = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: `Noted. ${opsOf('The user lives in Lyon')}` },
      { type: 'text-end', id: 't' },
      { type: 'text', text: 'not a stream part' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
      },
    ] as unknown as LanguageModelV3StreamPart[];
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
      }),
    });
    const result = await middleware.wrapStream({
      doStream: () => model.doStream({ prompt: [] }),
      params: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
      model,
    });
    const reader = result.stream.getReader();
    while (!(await reader.read()).done) {}
    expect(reports).toHaveLength(1);
    expect(reports[0]?.finish).toBe('unreadable');
    expect(reports[0]?.degraded.map(({ code }) => code)).toContain('remember-unreadable');
  });
});
