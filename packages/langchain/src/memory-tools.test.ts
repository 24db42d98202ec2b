import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { type MemoryScope, ScopeViolation } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { memoryTools } from './memory-tools.js';
import { symfonicMiddleware } from './symfonic-middleware.js';

const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };

/** A model reply calling tools, as a provider's chat model answers one. */
const calling = (...calls: { name: string; args: Record<string, unknown> }[]) =>
  new AIMessage({
    content: '',
    tool_calls: calls.map((call, index) => ({ ...call, id: `${call.name}-${index}` })),
  });

const toolOutputs = (messages: readonly { type: string }[]) =>
  messages
    .filter((message): message is ToolMessage => message.type === 'tool')
    .map((message) => [message.name, JSON.parse(message.text)]);

describe('memoryTools as LangChain tools', () => {
  it('add, search, update by the ref search gave, and refuse an invented ref, in one agent loop', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const model = fakeModel()
      .respond(
        calling({ name: 'memory_add', args: { text: 'The user lives in Paris', salience: 0.7 } }),
      )
      .respond(calling({ name: 'memory_search', args: { query: 'where does the user live' } }))
      .respond(
        calling(
          { name: 'memory_update', args: { ref: '#1', text: 'The user lives in Lyon' } },
          { name: 'memory_delete', args: { ref: '#7' } },
        ),
      )
      .respond(new AIMessage('Done.'));
    const agent = createAgent({ model, tools: memoryTools({ memory, owner }) });
    const result = await agent.invoke({
      messages: [new HumanMessage('I moved from Paris to Lyon.')],
    });

    expect(toolOutputs(result.messages)).toEqual([
      [
        'memory_add',
        {
          status: 'applied',
          memory: { ref: '#1', layer: 'semantic', text: 'The user lives in Paris' },
        },
      ],
      [
        'memory_search',
        { memories: [{ ref: '#1', layer: 'semantic', text: 'The user lives in Paris' }] },
      ],
      [
        'memory_update',
        {
          status: 'applied',
          memory: { ref: '#1', layer: 'semantic', text: 'The user lives in Lyon' },
        },
      ],
      ['memory_delete', { status: 'refused', code: 'unknown-ref', reason: expect.any(String) }],
    ]);
    const page = await store.list(owner, { limit: 10 });
    expect(page.records.map((record) => record.text)).toEqual(['The user lives in Lyon']);
  });

  it('bound to the middleware’s block: the ref the model was shown names the memory', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    await store.apply(owner, [{ op: 'add', text: 'The user lives in Paris', salience: 0.9 }], {
      writer: 'test',
    });
    const middleware = symfonicMiddleware({ memory, conversation, owner });
    const model = fakeModel()
      .respond(
        calling({ name: 'memory_update', args: { ref: '#1', text: 'The user lives in Lyon' } }),
      )
      .respond(new AIMessage('Noted: Lyon.'));
    const agent = createAgent({
      model,
      tools: memoryTools({ memory, owner, block: middleware.block }),
      middleware: [middleware],
    });
    const result = await agent.invoke({
      messages: [new HumanMessage('I live in Lyon now, not Paris.')],
    });

    expect(model.calls[0]?.messages.map((message) => message.text).join('\n')).toContain(
      '[semantic #1] The user lives in Paris',
    );
    expect(toolOutputs(result.messages)).toEqual([
      [
        'memory_update',
        {
          status: 'applied',
          memory: { ref: '#1', layer: 'semantic', text: 'The user lives in Lyon' },
        },
      ],
    ]);
    expect(middleware.block()).toBeUndefined();
  });

  it('a foreign row a memory tool meets fails the agent call; the model is never shown it', async () => {
    const store = createInMemoryStore();
    await store.apply(
      { tenant: 'globex', path: ['user:eve'] },
      [{ op: 'add', text: 'Eve lives in Oslo' }],
      {
        writer: 'test',
      },
    );
    const leaking = createMemory({
      store: {
        recent: (scope, limit) => store.recent(scope, limit),
        apply: (scope, ops, provenance) => store.apply(scope, ops, provenance),
        scanCandidates: (query) =>
          store.scanCandidates({ ...query, scope: { tenant: 'globex', path: ['user:eve'] } }),
      },
    });
    const model = fakeModel()
      .respond(calling({ name: 'memory_search', args: { query: 'Oslo' } }))
      .respond(new AIMessage('Done.'));
    const agent = createAgent({
      model,
      tools: memoryTools({ memory: leaking, owner }),
      middleware: [symfonicMiddleware({ memory: createMemory({ store }), conversation, owner })],
    });

    const failure = await agent
      .invoke({ messages: [new HumanMessage('Where does Eve live?')] })
      .catch((error: unknown) => error);
    let cause: unknown = failure;
    while (cause && !ScopeViolation.isInstance(cause)) cause = (cause as Error).cause;
    expect(ScopeViolation.isInstance(cause)).toBe(true);
    expect(model.callCount).toBe(1);
  });

  it('any other tool failure reaches the model as createAgent words a tool error', async () => {
    const store = createInMemoryStore();
    const memory = createMemory({ store });
    const model = fakeModel()
      .respond(calling({ name: 'memory_add', args: { text: 'The user lives in Oslo' } }))
      .respond(new AIMessage('Sorry.'));
    await store.close();
    const agent = createAgent({
      model,
      tools: memoryTools({ memory, owner }),
      middleware: [symfonicMiddleware({ memory, conversation, owner })],
    });
    const result = await agent.invoke({ messages: [new HumanMessage('Where do I live?')] });

    const toolMessage = result.messages.find(
      (message): message is ToolMessage => message.type === 'tool',
    );
    expect(toolMessage?.status).toBe('error');
    expect(toolMessage?.text).toMatch(/Please fix your mistakes/);
    expect(result.messages.at(-1)?.text).toBe('Sorry.');
  });

  it('binds to a chat model with bindTools, each tool with its zod schema', async () => {
    const tools = memoryTools({ memory: createMemory({ store: createInMemoryStore() }), owner });
    expect(tools.map((tool) => tool.name)).toEqual([
      'memory_add',
      'memory_update',
      'memory_delete',
      'memory_search',
    ]);
    const bound = fakeModel().respond(new AIMessage('ok')).bindTools(tools);
    expect((await bound.invoke([new HumanMessage('hi')])).text).toBe('ok');
    // The schema is enforced: an update without its text is refused before anything runs.
    await expect(tools[1]?.invoke({ ref: '#1' } as never)).rejects.toThrow();
  });
});
