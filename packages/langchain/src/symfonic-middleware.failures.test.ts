import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import {
  type CandidateSource,
  type MemoryScope,
  type MemoryStore,
  ScopeViolation,
} from '@symfonic/core';
import { createMemory, type MemoryPorts } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import type { MemoryReport } from './memory-report.js';
import { symfonicMiddleware } from './symfonic-middleware.js';
import { answerWithOps } from './testing/streamed-chunks-model.js';

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

function agentOver(ports: MemoryPorts, reports: MemoryReport[], hydrateBudgetMs?: number) {
  const model = fakeModel().respond(new AIMessage(lyon));
  const agent = createAgent({
    model,
    middleware: [
      symfonicMiddleware({
        memory: createMemory({ store: ports }),
        conversation,
        owner,
        onMemory: (report) => reports.push(report),
        ...(hydrateBudgetMs === undefined ? {} : { hydrateBudgetMs }),
      }),
    ],
  });
  return { agent, model };
}

const userSays = (text: string) => ({ messages: [new HumanMessage(text)] });

describe('symfonicMiddleware when things go wrong', () => {
  it('a store that is down: the agent answers without memory, and every failure is reported', async () => {
    const store = createInMemoryStore();
    await store.close();
    const reports: MemoryReport[] = [];
    const { agent, model } = agentOver(store, reports);
    const result = await agent.invoke(userSays('I moved to Lyon.'));

    expect(result.messages.at(-1)?.text).toBe('Lyon, noted.');
    const system = model.calls[0]?.messages.filter((message) => message.type === 'system');
    expect(system?.map((message) => message.text)).toEqual([
      createMemory({ store }).instructions(),
    ]);
    const [report] = reports;
    expect(report?.finish).toBe('remembered');
    expect(report?.block?.text).toBe('');
    expect(report?.degraded.map(({ code }) => code)).toEqual([
      'working-unavailable',
      'recall-unavailable',
      'pinned-unavailable',
      'remember-failed',
      'record-failed',
      'record-failed',
    ]);
  });

  it('a block slower than the budget: the call goes without it, says so, and the late block is not used', async () => {
    const store = createInMemoryStore();
    const slow = barrier();
    const reports: MemoryReport[] = [];
    const { agent, model } = agentOver(
      withCandidates(store, {
        scanCandidates: async (query) => {
          await slow.opened;
          return store.scanCandidates(query);
        },
      }),
      reports,
      0,
    );
    const result = await agent.invoke(userSays('I moved to Lyon.'));
    slow.open();

    expect(result.messages.at(-1)?.text).toBe('Lyon, noted.');
    expect(model.calls[0]?.messages.filter((message) => message.type === 'system')).toHaveLength(1);
    expect(reports[0]?.degraded.map(({ code }) => code)).toEqual(['hydrate-timeout']);
    expect(reports[0]?.block?.text).toBe('');
    const page = await store.list(owner, { limit: 10 });
    expect(page.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
  });

  it('a row from another tenant fails the call (a ScopeViolation), before the model is called', async () => {
    const store = createInMemoryStore();
    await store.apply(owner, [{ op: 'add', text: 'The user lives in Lyon' }], {
      writer: 'test',
    });
    const reports: MemoryReport[] = [];
    const { agent, model } = agentOver(
      withCandidates(store, {
        scanCandidates: async (query) => {
          const result = await store.scanCandidates(query);
          return {
            ...result,
            memories: result.memories.map((memory) => ({
              ...memory,
              record: { ...memory.record, scope: { tenant: 'globex', path: ['user:ada'] } },
            })),
          };
        },
      }),
      reports,
    );

    // LangChain wraps what a middleware throws in its MiddlewareError, the violation as its cause.
    const failure = await agent
      .invoke(userSays('Where do I live?'))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ScopeViolation' });
    expect(ScopeViolation.isInstance((failure as Error).cause)).toBe(true);
    expect(model.callCount).toBe(0);
  });

  it('a model call that fails writes nothing and is reported', async () => {
    const store = createInMemoryStore();
    const reports: MemoryReport[] = [];
    const model = fakeModel().respond(new Error('provider down'));
    const agent = createAgent({
      model,
      middleware: [
        symfonicMiddleware({
          memory: createMemory({ store }),
          conversation,
          owner,
          onMemory: (report) => reports.push(report),
        }),
      ],
    });

    await expect(agent.invoke(userSays('I moved to Lyon.'))).rejects.toThrow('provider down');
    expect(reports).toMatchObject([{ step: 'first', finish: 'errored' }]);
    expect((await store.list(owner, { limit: 10 })).records).toEqual([]);
  });

  it('refuses an owner that is not the conversation or one of its ancestors', () => {
    expect(() =>
      symfonicMiddleware({
        memory: createMemory({ store: createInMemoryStore() }),
        conversation,
        owner: { tenant: 'acme', path: ['user:bob'] },
      }),
    ).toThrow(/ancestors/);
  });
});
