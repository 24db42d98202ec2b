import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type { MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import {
  leakingStore,
  type OpenSurface,
  type SurfaceContext,
  type SurfaceHarness,
  type SurfaceOp,
  type SurfaceOpResult,
  type SurfaceRequest,
  seedStore,
} from '@symfonic/surface-contract';
import { createAgent } from 'langchain';
import type { MemoryReport } from '../memory-report.js';
import { memoryTools } from '../memory-tools.js';
import { symfonicMiddleware } from '../symfonic-middleware.js';
import { type PendingModelCall, SteeredChatModel } from '../testing/steered-chat-model.js';
import { answerWithOps } from '../testing/streamed-chunks-model.js';

/** Every string inside `value`, however deep, each text split into its lines. */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return value.split('\n');
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringLeaves);
}

/** A tool message's content: its JSON's string leaves, or its text when it is not JSON. */
function toolContent(message: BaseMessage): unknown {
  try {
    return JSON.parse(message.text);
  } catch {
    return message.text;
  }
}

/** Every string a model reads in `messages`: system, user and assistant text, tool results. */
function messageTexts(messages: readonly BaseMessage[]): string[] {
  return messages.flatMap((message) =>
    message.type === 'tool' ? stringLeaves(toolContent(message)) : message.text.split('\n'),
  );
}

/** The refs of the memory block in the system messages: `[layer #n] text` lines. */
function blockRefs(messages: readonly BaseMessage[]): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const message of messages) {
    if (message.type !== 'system') continue;
    for (const line of message.text.split('\n')) {
      const found = /^\[(?:semantic|episodic) (#\d+)\] (.*)$/u.exec(line);
      if (found?.[1] && found[2] !== undefined) refs[found[1]] = found[2];
    }
  }
  return refs;
}

/** The tool messages after the last AI message, their contents in call order. */
function latestToolOutputs(messages: readonly BaseMessage[]): unknown[] {
  const lastAi = messages.findLastIndex((message) => message.type === 'ai');
  return messages
    .slice(lastAi + 1)
    .filter((m) => m.type === 'tool')
    .map(toolContent);
}

/** What a tool call of `op` looks like through `memoryTools`. */
function toolCallOf(op: SurfaceOp, id: string) {
  if (op.op === 'add') return { id, name: 'memory_add', args: { layer: op.layer, text: op.text } };
  if (op.op === 'update')
    return { id, name: 'memory_update', args: { ref: op.ref, text: op.text } };
  return { id, name: 'memory_delete', args: { ref: op.ref } };
}

async function openStore(context: SurfaceContext): Promise<{ base: MemoryStore; memory: Memory }> {
  const base = createInMemoryStore();
  await seedStore(base, context.seed, context.leak);
  const store = context.leak ? leakingStore(base, context.leak.scope) : base;
  const memory = createMemory({
    store,
    recall: { limit: context.recallLimit },
    working: { recentTurns: 0 },
    ...(context.writes ? { writes: context.writes } : {}),
  });
  return { base, memory };
}

/** Which LangChain surface a harness drives. */
export type LangChainSurface = 'middleware' | 'memoryTools beside the middleware';

/**
 * One request: a `createAgent` call with its own middleware (one per request,
 * as the middleware is meant to be used) over a steered model, driven step by step.
 */
function agentRequest(
  surface: LangChainSurface,
  memory: Memory,
  context: SurfaceContext,
  mode: 'invoke' | 'stream',
  name: string,
): SurfaceRequest {
  const model = new SteeredChatModel();
  const reports: MemoryReport[] = [];
  const middleware = symfonicMiddleware({
    memory,
    owner: context.owner,
    conversation: { ...context.owner, path: [...context.owner.path, `conversation:${name}`] },
    onMemory: (report) => reports.push(report),
  });
  const agent = createAgent({
    model,
    middleware: [middleware],
    ...(surface === 'middleware'
      ? {}
      : { tools: memoryTools({ memory, owner: context.owner, block: middleware.block }) }),
  });
  const seen: string[] = [];
  let running: Promise<unknown> | undefined;
  let pending: PendingModelCall | undefined;
  let calls = 0;

  const start = (cue: string) => {
    const input = { messages: [new HumanMessage(cue)] };
    running =
      mode === 'invoke'
        ? agent.invoke(input)
        : (async () => {
            for await (const _chunk of await agent.stream(input, { streamMode: 'messages' })) {
              // drained: the stream is what the user reads
            }
          })();
    // The failure goes to the app, never to the model: it is not among what the model saw.
    running.catch(() => undefined);
  };
  const next = async (): Promise<PendingModelCall> => {
    const ended = (running ?? Promise.resolve()).then(() => {
      throw new Error('the request ended before the model was called again');
    });
    const call = await Promise.race([model.nextCall(), ended]);
    seen.push(...messageTexts(call.messages));
    pending = call;
    return call;
  };
  const callId = () => {
    calls += 1;
    return `${name}-call-${calls}`;
  };

  return {
    async read(cue) {
      start(cue);
      const first = await next();
      if (surface === 'middleware') {
        return { texts: messageTexts(first.messages), refs: blockRefs(first.messages) };
      }
      first.answer(
        new AIMessage({
          content: '',
          tool_calls: [{ id: callId(), name: 'memory_search', args: { query: cue } }],
        }),
      );
      const second = await next();
      const [found] = latestToolOutputs(second.messages) as {
        memories?: { ref: string; text: string }[];
      }[];
      const refs = Object.fromEntries((found?.memories ?? []).map(({ ref, text }) => [ref, text]));
      return { texts: messageTexts(second.messages), refs };
    },

    async write(ops) {
      const call = pending;
      if (!call) throw new Error('write before read');
      pending = undefined;
      if (surface === 'middleware') {
        const reported = reports.length;
        call.answer(new AIMessage(answerWithOps('Noted.', ops)));
        await running;
        const outcome = reports.slice(reported).find((r) => r.finish === 'remembered')?.outcome;
        const results: SurfaceOpResult[] = ops.map((_op, index) => {
          if (outcome?.applied.some((applied) => applied.index === index)) {
            return { status: 'applied' };
          }
          const refused = outcome?.rejected.find((rejected) => rejected.index === index);
          return { status: 'refused', code: refused?.code ?? 'not-reported' };
        });
        return { results, texts: [] };
      }
      call.answer(
        new AIMessage({ content: '', tool_calls: ops.map((op) => toolCallOf(op, callId())) }),
      );
      const after = await next();
      const outputs = latestToolOutputs(after.messages) as { status?: string; code?: string }[];
      const results = outputs.map(
        (output): SurfaceOpResult =>
          output.status === 'applied'
            ? { status: 'applied' }
            : { status: 'refused', code: output.code ?? 'not-reported' },
      );
      return { results, texts: messageTexts(after.messages) };
    },

    seen: () => seen,

    async end() {
      pending?.answer(new AIMessage('Done.'));
      pending = undefined;
      await running?.catch(() => undefined);
    },
  };
}

/**
 * A surface-contract harness for the LangChain middleware over the in-memory
 * store: the model writes ops in its answer text (`middleware`), or reads
 * with `memory_search` and writes with the write tools bound to the
 * middleware's block (`memoryTools beside the middleware`); through
 * `invoke` or `stream`. Each request is its own agent and middleware over
 * one memory, as an app makes one middleware per request.
 */
export function langChainHarness(
  surface: LangChainSurface,
  mode: 'invoke' | 'stream',
): SurfaceHarness {
  return {
    name: `langchain ${surface} (${mode})`,
    // The hidden-ops accounting cases need `answer` (below, not yet written for this harness).
    capabilities: { ancestorWritesOptIn: true, concurrentRequests: true, opsInAnswerText: false },
    async open(context): Promise<OpenSurface> {
      const { base, memory } = await openStore(context);
      let requests = 0;
      return {
        request: () => {
          requests += 1;
          return agentRequest(surface, memory, context, mode, `request${requests}`);
        },
        stored: async (scope) => (await base.list(scope, { limit: 100 })).records,
        close: () => base.close(),
      };
    },
  };
}
