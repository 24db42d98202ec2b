import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import type { MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import type {
  OpenSurface,
  SurfaceContext,
  SurfaceHarness,
  SurfaceOp,
  SurfaceOpResult,
  SurfaceRequest,
  WithheldObject,
} from '@symfonic/surface-contract';
import { openSeededStore } from '@symfonic/surface-contract/stores';
import { createAgent } from 'langchain';
import { z } from 'zod';
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
  const { base, store } = await openSeededStore(context);
  const memory = createMemory({
    store,
    recall: { limit: context.recallLimit },
    working: { recentTurns: 0 },
    ...(context.writes ? { writes: context.writes } : {}),
  });
  return { base, memory };
}

/** A tool the agent runs, its result handed back to the model (the loop goes on). */
const lookup = tool(async () => 'found', {
  name: 'lookup',
  description: 'Look something up.',
  schema: z.object({ query: z.string() }),
});

/** A tool whose result goes to the app, not back to the model (`returnDirect`): the turn ends with it. */
const askUser = tool(async () => 'asked', {
  name: 'askUser',
  description: 'Ask the user.',
  schema: z.object({ question: z.string() }),
  returnDirect: true,
});

/** What became of each ops object the middleware withheld in one turn, as its reports account for them. */
function accountedFor(reports: readonly MemoryReport[]): WithheldObject[] {
  const objects = reports.flatMap((report) =>
    report.truncated ? report.withheld.slice(0, -1) : report.withheld,
  );
  const outcome = reports.find((report) => report.finish === 'remembered')?.outcome;
  return objects.map((object, objectIndex): WithheldObject => {
    const ops = (JSON.parse(object) as { ops: unknown[] }).ops;
    const at = (entry: { channel: string; object?: number; position: number }, position: number) =>
      entry.channel === 'text' && entry.object === objectIndex && entry.position === position;
    const results = ops.map((_op, position): SurfaceOpResult => {
      if (outcome?.applied.some((entry) => at(entry, position))) return { status: 'applied' };
      const refused = outcome?.rejected.find((entry) => at(entry, position));
      return { status: 'refused', code: refused?.code ?? 'not-reported' };
    });
    return { object, results };
  });
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
    tools:
      surface === 'middleware'
        ? [lookup, askUser]
        : memoryTools({ memory, owner: context.owner, block: middleware.block }),
  });
  const seen: string[] = [];
  let running: Promise<unknown> | undefined;
  let pending: PendingModelCall | undefined;
  let calls = 0;

  const start = (cue: string) => {
    const input = { messages: [new HumanMessage(cue)] };
    // Resolves to what the user was shown: the text of every AI message, or of every streamed chunk.
    running =
      mode === 'invoke'
        ? agent.invoke(input).then(({ messages }) =>
            messages
              .filter((message) => message.type === 'ai')
              .map((message) => message.text)
              .join(''),
          )
        : (async () => {
            let shown = '';
            for await (const [chunk] of await agent.stream(input, { streamMode: 'messages' })) {
              if (chunk.type === 'ai') shown += chunk.text;
            }
            return shown;
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

    async answer(steps) {
      if (surface !== 'middleware') throw new Error('only the middleware takes ops in its answer');
      const reported = reports.length;
      for (const [index, step] of steps.entries()) {
        const call = pending;
        if (!call) throw new Error('answer before read');
        pending = undefined;
        const [only, ...more] = step.blocks;
        const content =
          more.length === 0
            ? (only ?? []).join('')
            : step.blocks.map((deltas, block) => ({
                type: 'text' as const,
                text: deltas.join(''),
                index: block,
              }));
        const calls = step.tool
          ? [
              step.tool === 'server'
                ? { id: callId(), name: 'lookup', args: { query: 'x' } }
                : { id: callId(), name: 'askUser', args: { question: 'x' } },
            ]
          : [];
        call.answer(new AIMessage({ content, tool_calls: calls }));
        if (step.tool === 'server' && index < steps.length - 1) await next();
      }
      const shown = (await running) as string;
      return { shown, withheld: accountedFor(reports.slice(reported)) };
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
    capabilities: {
      ancestorWritesOptIn: true,
      concurrentRequests: true,
      opsInAnswerText: surface === 'middleware',
    },
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
