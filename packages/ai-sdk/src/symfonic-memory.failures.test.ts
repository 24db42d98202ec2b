import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  type CandidateSource,
  InvalidMemoryInput,
  type MemoryScope,
  type MemoryStore,
  ScopeViolation,
} from '@symfonic/core';
import { createMemory, type Memory, type MemoryPorts } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { MemoryReport } from './memory-report.js';
import { type SymfonicMemoryOptions, symfonicMemory } from './symfonic-memory.js';
import { answerWithOps, scriptedModel, streamPartsOf } from './testing/scripted-model.js';

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };
const lyon = answerWithOps('Lyon, noted.', [
  { op: 'add', text: 'The user lives in Lyon', salience: 0.7 },
]);

/** A promise and the function that settles it: a barrier a test opens when it chooses. */
function barrier() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** `store`'s ports, with its candidates answered by `candidates` instead. */
function withCandidates(store: MemoryStore, candidates: CandidateSource): MemoryPorts {
  return {
    append: (scope, turn) => store.append(scope, turn),
    recent: (scope, limit) => store.recent(scope, limit),
    apply: (scope, ops, provenance) => store.apply(scope, ops, provenance),
    scanCandidates: (query) => candidates.scanCandidates(query),
  };
}

/** `model` wrapped with the memory middleware over `memory`, at the test's scopes. */
function withMemory(
  model: LanguageModelV3,
  memory: Memory,
  options: Partial<SymfonicMemoryOptions> = {},
) {
  return wrapLanguageModel({
    model,
    middleware: symfonicMemory({ memory, conversation, owner, ...options }),
  });
}

describe('symfonicMemory when things go wrong', () => {
  it('a store that is down: the call goes ahead without memory, and every failure is reported', async () => {
    const store = await openPGliteStore();
    await store.close();
    const reports: MemoryReport[] = [];
    const result = await generateText({
      model: withMemory(scriptedModel([{ deltas: [lyon] }]), createMemory({ store }), {
        onMemory: (report) => reports.push(report),
      }),
      prompt: 'I moved to Lyon.',
    });

    expect(result.text).toBe('Lyon, noted.');
    const [report] = reports;
    expect(report?.finish).toBe('remembered');
    expect(report?.block?.text).toBe('');
    expect(report?.block?.degraded).toMatchObject({ working: true, recall: true, pinned: true });
    expect(report?.degraded.map(({ code }) => code)).toEqual([
      'working-unavailable',
      'recall-unavailable',
      'pinned-unavailable',
      'remember-failed',
      'record-failed',
      'record-failed',
    ]);
  });

  it('a hydration past its budget: the call goes without the block, and says so', async () => {
    const store = createInMemoryStore();
    const slow = barrier();
    const reports: MemoryReport[] = [];
    const model = scriptedModel([{ deltas: ['Hello.'] }]);
    const held: CandidateSource = {
      async scanCandidates(query) {
        await slow.opened;
        return store.scanCandidates(query);
      },
    };
    const result = await generateText({
      model: withMemory(model, createMemory({ store: withCandidates(store, held) }), {
        onMemory: (report) => reports.push(report),
        hydrateBudgetMs: 5,
      }),
      prompt: 'Hello there.',
    });
    slow.open();

    expect(result.text).toBe('Hello.');
    expect(reports[0]?.degraded.map(({ code }) => code)).toEqual(['hydrate-timeout']);
    expect(reports[0]?.block?.text).toBe('');
    const prompt = model.doGenerateCalls[0]?.prompt ?? [];
    expect(prompt.filter((message) => message.role === 'system')).toEqual([
      { role: 'system', content: createMemory({ store }).instructions() },
    ]);
  });

  it('a ScopeViolation fails the call', async () => {
    const store = createInMemoryStore();
    const stranger: MemoryScope = { tenant: 'globex', path: ['user:ada'] };
    await store.apply(stranger, [{ op: 'add', text: 'Globex secret plans' }], { writer: 'test' });
    const leaking: CandidateSource = {
      async scanCandidates(query) {
        const mine = await store.scanCandidates(query);
        const theirs = await store.scanCandidates({ ...query, scope: stranger });
        return { ...mine, memories: [...mine.memories, ...theirs.memories] };
      },
    };
    const model = scriptedModel([{ deltas: ['Secret plans.'] }]);
    const failure = await generateText({
      model: withMemory(model, createMemory({ store: withCandidates(store, leaking) })),
      prompt: 'Tell me the secret plans.',
    }).catch((error: unknown) => error);

    expect(ScopeViolation.isInstance(failure)).toBe(true);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('a ScopeViolation past the budget is reported as one, and every later call throws it', async () => {
    const store = createInMemoryStore();
    const stranger: MemoryScope = { tenant: 'globex', path: ['user:9'] };
    await store.apply(stranger, [{ op: 'add', text: 'Globex secret plans' }], { writer: 'test' });
    const slow = barrier();
    const leaking: CandidateSource = {
      async scanCandidates(query) {
        await slow.opened;
        const mine = await store.scanCandidates(query);
        const theirs = await store.scanCandidates({ ...query, scope: stranger });
        return { ...mine, memories: [...mine.memories, ...theirs.memories] };
      },
    };
    const reported = barrier();
    const reports: MemoryReport[] = [];
    const model = scriptedModel([{ deltas: ['Hello.'] }]);
    const wrapped = withMemory(model, createMemory({ store: withCandidates(store, leaking) }), {
      // A budget of 0 ms: the call goes on without its block while the scan waits at the barrier.
      hydrateBudgetMs: 0,
      onMemory: (report) => {
        reports.push(report);
        if (report.finish === 'scope-violation') reported.open();
      },
    });
    const first = await generateText({ model: wrapped, prompt: 'Tell me the secret plans.' });
    expect(first.text).toBe('Hello.');
    slow.open();
    await reported.opened;

    const violation = reports.find(({ finish }) => finish === 'scope-violation');
    expect(ScopeViolation.isInstance(violation?.violation)).toBe(true);
    expect(violation?.turnId).toBe(reports[0]?.turnId);
    const next = await generateText({ model: wrapped, prompt: 'And now?' }).catch(
      (error: unknown) => error,
    );
    expect(ScopeViolation.isInstance(next)).toBe(true);
    const streamed = streamText({
      model: wrapped,
      prompt: 'Still there?',
      onError: () => undefined,
    });
    await expect(streamed.text).rejects.toThrow();
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(JSON.stringify(model.doGenerateCalls)).not.toContain('Globex');
  });

  it('an aborted stream writes nothing and records no answer', async () => {
    const store = createInMemoryStore();
    const reports: MemoryReport[] = [];
    const parts = streamPartsOf({
      deltas: ['Lyon, ', 'noted.', lyon.slice('Lyon, noted.'.length)],
    });
    const controller = new AbortController();
    // As a provider does: the first parts arrive, the rest never does, and an abort fails the stream.
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(stream) {
            for (const part of parts.slice(0, 3)) stream.enqueue(part);
            abortSignal?.addEventListener('abort', () =>
              stream.error(new DOMException('This operation was aborted', 'AbortError')),
            );
          },
        }),
      }),
    });
    const result = streamText({
      model: withMemory(model, createMemory({ store }), {
        onMemory: (report) => reports.push(report),
      }),
      prompt: 'I moved to Lyon.',
      abortSignal: controller.signal,
    });
    const seen: string[] = [];
    for await (const delta of result.textStream) {
      seen.push(delta);
      controller.abort();
    }

    expect(seen).toEqual(['Lyon,']); // the space waits for what follows it
    expect(reports).toMatchObject([{ finish: 'aborted' }]);
    expect(reports[0]?.reason).toMatch(/nothing was written/);
    expect((await store.list(owner, { limit: 10 })).records).toEqual([]);
    const turns = await store.recent(conversation, 10);
    expect(turns.map(({ speaker }) => speaker)).toEqual(['user']);
  });

  it('a stream that errors writes nothing and says why', async () => {
    const store = createInMemoryStore();
    const reports: MemoryReport[] = [];
    const result = streamText({
      model: withMemory(
        scriptedModel([{ deltas: [lyon], streamError: new Error('upstream reset') }]),
        createMemory({ store }),
        { onMemory: (report) => reports.push(report) },
      ),
      prompt: 'I moved to Lyon.',
      onError: () => undefined,
    });
    await result.consumeStream();

    expect(reports).toMatchObject([{ finish: 'errored' }]);
    expect((await store.list(owner, { limit: 10 })).records).toEqual([]);
    expect((await store.recent(conversation, 10)).map(({ speaker }) => speaker)).toEqual(['user']);
  });

  it('refuses a missing or malformed scope, or an owner the conversation cannot recall from', () => {
    const memory = createMemory({ store: createInMemoryStore() });
    const attempts = [
      () => symfonicMemory({ memory, owner } as never),
      () => symfonicMemory({ memory, conversation: { tenant: '', path: [] }, owner }),
      () => symfonicMemory({ memory, conversation, owner: { tenant: 'acme', path: ['user:bob'] } }),
      () => symfonicMemory({ memory, conversation, owner, hydrateBudgetMs: -1 }),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(InvalidMemoryInput);
  });
});
