import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { MemoryScope } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { type LanguageModel, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import type { MemoryReport } from './memory-report.js';
import { symfonicMemory } from './symfonic-memory.js';
import {
  anthropicSse,
  geminiSse,
  openaiChatSse,
  openaiResponsesSse,
  replayingFetch,
} from './testing/provider-sse.js';

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };
const opsObject = JSON.stringify({
  note: 'first key is not ops',
  ops: [{ op: 'add', text: 'The user lives in Lyon', salience: 0.7 }],
});
/** The answer as a model streams it: prose, then the ops object in a fence, cut inside the object. */
const deltas = [
  'Lyon, noted',
  '!\n\n```json\n',
  opsObject.slice(0, 17),
  opsObject.slice(17, 40),
  opsObject.slice(40),
  '\n```',
];

const providers: readonly {
  readonly name: string;
  readonly model: (fetch: typeof globalThis.fetch) => LanguageModel;
  readonly body: string;
  readonly providerOptions?: Record<string, Record<string, boolean>>;
}[] = [
  {
    name: '@ai-sdk/anthropic (includePings, the ops object across two text blocks)',
    model: (fetch) => createAnthropic({ apiKey: 'test', fetch })('claude-sonnet-4-5'),
    body: anthropicSse([deltas.slice(0, 3), deltas.slice(3)]),
    providerOptions: { anthropic: { includePings: true } },
  },
  {
    name: '@ai-sdk/openai chat',
    model: (fetch) => createOpenAI({ apiKey: 'test', fetch }).chat('gpt-4o'),
    body: openaiChatSse(deltas),
  },
  {
    name: '@ai-sdk/openai responses',
    model: (fetch) => createOpenAI({ apiKey: 'test', fetch }).responses('gpt-4o'),
    body: openaiResponsesSse(deltas),
  },
  {
    name: '@ai-sdk/google',
    model: (fetch) => createGoogleGenerativeAI({ apiKey: 'test', fetch })('gemini-2.5-flash'),
    body: geminiSse(deltas),
  },
];

describe.each(providers)('the middleware over $name, replaying its wire format', (provider) => {
  it('streams the answer without the ops object, writes the ops, and pings break nothing', async () => {
    const fetch = replayingFetch(provider.body);
    const store = createInMemoryStore();
    const reports: MemoryReport[] = [];
    const inner = provider.model(fetch);
    const model = wrapLanguageModel({
      model: inner as Parameters<typeof wrapLanguageModel>[0]['model'],
      middleware: symfonicMemory({
        memory: createMemory({ store }),
        conversation,
        owner,
        onMemory: (report) => reports.push(report),
      }),
    });
    const result = streamText({
      model,
      prompt: 'I moved to Lyon last week.',
      ...(provider.providerOptions ? { providerOptions: provider.providerOptions } : {}),
    });
    let shown = '';
    for await (const delta of result.textStream) shown += delta;

    expect(fetch.urls).toHaveLength(1);
    expect(shown).toBe('Lyon, noted!');
    expect(shown).not.toContain('ops');
    const texts = (await store.list(owner)).records.map((record) => record.text);
    expect(texts).toEqual(['The user lives in Lyon']);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ finish: 'remembered', withheld: [opsObject] });
    const degraded = reports[0]?.degraded.map(({ code }) => code) ?? [];
    expect(degraded.filter((code) => code.startsWith('remember'))).toEqual([]);
    expect(reports[0]?.outcome?.unreadable).toBeUndefined();
    // AI SDK 7's Anthropic provider streams the pings as parts (AI SDK 6's drops them): they are
    // named in `ignored`, and skipped.
    const specification = (inner as { specificationVersion?: string }).specificationVersion;
    const pings = provider.providerOptions !== undefined && specification === 'v4';
    expect(reports[0]?.outcome?.ignored.includes('ping')).toBe(pings);
  });
});
