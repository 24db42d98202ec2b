import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { MemoryStore } from '@symfonic/core';
import { createMemory, type Memory } from '@symfonic/memory';
import type {
  OpenSurface,
  SurfaceContext,
  SurfaceHarness,
  SurfaceOp,
  SurfaceOpResult,
  SurfaceRequest,
  SurfaceView,
  WithheldObject,
} from '@symfonic/surface-contract';
import { openSeededStore } from '@symfonic/surface-contract/stores';
import { generateText, stepCountIs, streamText, type ToolSet, tool, wrapLanguageModel } from 'ai';
import { z } from 'zod';
import type { MemoryReport } from '../memory-report.js';
import { memoryTools } from '../memory-tools.js';
import { type SymfonicMemoryMiddleware, symfonicMemory } from '../symfonic-memory.js';
import { answerWithOps } from '../testing/scripted-model.js';
import { type PendingModelCall, steeredModel } from '../testing/steered-model.js';

type Prompt = LanguageModelV3CallOptions['prompt'];

/** Every string inside `value`, however deep, each text split into its lines. */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return value.split('\n');
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringLeaves);
}

/** Every string a model reads in `prompt`: system text, user and assistant text, tool results. */
function promptTexts(prompt: Prompt): string[] {
  return prompt.flatMap((message) =>
    message.role === 'system'
      ? message.content.split('\n')
      : message.content.flatMap((part) => {
          if (part.type === 'text') return part.text.split('\n');
          if (part.type === 'tool-result') return stringLeaves(part.output);
          return [];
        }),
  );
}

/** The refs of the memory block in `prompt`'s system message: `[layer #n] text` lines. */
function blockRefs(prompt: Prompt): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const message of prompt) {
    if (message.role !== 'system') continue;
    for (const line of message.content.split('\n')) {
      const found = /^\[(?:semantic|episodic) (#\d+)\] (.*)$/u.exec(line);
      if (found?.[1] && found[2] !== undefined) refs[found[1]] = found[2];
    }
  }
  return refs;
}

/** The outputs of the tool results the latest tool message of `prompt` carries, in call order. */
function latestToolOutputs(prompt: Prompt): unknown[] {
  const last = prompt.at(-1);
  if (last?.role !== 'tool') return [];
  return last.content.flatMap((part) =>
    part.type === 'tool-result' && part.output.type === 'json' ? [part.output.value] : [],
  );
}

/** What a tool call of `op` looks like through `memoryTools`. */
function toolCallOf(op: SurfaceOp): { toolName: string; input: unknown } {
  if (op.op === 'add') return { toolName: 'memory_add', input: { layer: op.layer, text: op.text } };
  if (op.op === 'update') {
    return { toolName: 'memory_update', input: { ref: op.ref, text: op.text } };
  }
  return { toolName: 'memory_delete', input: { ref: op.ref } };
}

/** The store of one opened surface: seeded, leaking when the context says so. */
async function openStore(context: SurfaceContext): Promise<{
  base: MemoryStore;
  memory: Memory;
}> {
  const { base, store } = await openSeededStore(context);
  const memory = createMemory({
    store,
    recall: { limit: context.recallLimit },
    working: { recentTurns: 0 },
    ...(context.writes ? { writes: context.writes } : {}),
  });
  return { base, memory };
}

/** The tools a model answering in text may call: one the AI SDK runs, one the app runs (no `execute`). */
const answerTools: ToolSet = {
  lookup: tool({
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => `nothing found for ${query}`,
  }),
  askUser: tool({ inputSchema: z.object({ question: z.string() }) }),
};

/** What became of each ops object the middleware withheld, as its reports account for them. */
function accountedFor(reports: readonly MemoryReport[]): WithheldObject[] {
  return reports.flatMap((report) => {
    const complete = report.truncated ? report.withheld.slice(0, -1) : report.withheld;
    return complete.map((object, objectIndex): WithheldObject => {
      const ops = (JSON.parse(object) as { ops: unknown[] }).ops;
      const at = (
        entry: { channel: string; object?: number; position: number },
        position: number,
      ) => entry.channel === 'text' && entry.object === objectIndex && entry.position === position;
      const results = ops.map((_op, position): SurfaceOpResult => {
        if (report.outcome?.applied.some((entry) => at(entry, position)))
          return { status: 'applied' };
        const refused = report.outcome?.rejected.find((entry) => at(entry, position));
        return { status: 'refused', code: refused?.code ?? 'not-reported' };
      });
      return { object, results };
    });
  });
}

/** How the harness drives one request: which tools the model has, and how it reads and writes. */
interface Driver {
  readonly tools?: ToolSet;
  readonly middleware?: SymfonicMemoryMiddleware;
  /** The reports of the middleware, in order (empty without one). */
  readonly reports: MemoryReport[];
  readonly through: 'text' | 'tools';
}

/** One request: a `generateText` or `streamText` call over a steered model, driven step by step. */
function aiSdkRequest(driver: Driver, mode: 'generate' | 'stream', name: string): SurfaceRequest {
  const steered = steeredModel(name);
  const seen: string[] = [];
  let running: Promise<unknown> | undefined;
  let pending: PendingModelCall | undefined;

  const start = (cue: string) => {
    const model = driver.middleware
      ? wrapLanguageModel({ model: steered.model, middleware: driver.middleware })
      : steered.model;
    const options = {
      model,
      prompt: cue,
      stopWhen: stepCountIs(8),
      ...(driver.tools ? { tools: driver.tools } : {}),
    };
    // Resolves with every text the user was shown, all steps joined.
    running =
      mode === 'generate'
        ? generateText(options).then((result) => result.steps.map((step) => step.text).join(''))
        : (async () => {
            const result = streamText({ ...options, onError: () => undefined });
            let shown = '';
            for await (const delta of result.textStream) shown += delta;
            return shown;
          })();
    // The failure goes to the app, never to the model: it is not among what the model saw.
    running.catch(() => undefined);
  };
  /** The next model call, or the failure that ended the request before it. */
  const next = async (): Promise<PendingModelCall> => {
    const ended = (running ?? Promise.resolve()).then(() => {
      throw new Error('the request ended before the model was called again');
    });
    const call = await Promise.race([steered.nextCall(), ended]);
    seen.push(...promptTexts(call.prompt));
    pending = call;
    return call;
  };

  return {
    async read(cue) {
      start(cue);
      const first = await next();
      if (driver.through === 'text') {
        return { texts: promptTexts(first.prompt), refs: blockRefs(first.prompt) };
      }
      first.answer({ toolCalls: [{ toolName: 'memory_search', input: { query: cue } }] });
      const second = await next();
      const [found] = latestToolOutputs(second.prompt) as {
        memories?: { ref: string; text: string }[];
      }[];
      const refs = Object.fromEntries((found?.memories ?? []).map(({ ref, text }) => [ref, text]));
      return { texts: promptTexts(second.prompt), refs } satisfies SurfaceView;
    },

    async write(ops) {
      const call = pending;
      if (!call) throw new Error('write before read');
      pending = undefined;
      if (driver.through === 'text') {
        const reported = driver.reports.length;
        call.answer({ deltas: [answerWithOps('Noted.', ops)] });
        await running;
        const report = driver.reports
          .slice(reported)
          .find((entry) => entry.finish === 'remembered');
        const outcome = report?.outcome;
        const results: SurfaceOpResult[] = ops.map((_op, index) => {
          if (outcome?.applied.some((applied) => applied.index === index)) {
            return { status: 'applied' };
          }
          const refused = outcome?.rejected.find((rejected) => rejected.index === index);
          return { status: 'refused', code: refused?.code ?? 'not-reported' };
        });
        return { results, texts: [] };
      }
      call.answer({ toolCalls: ops.map(toolCallOf) });
      const after = await next();
      const outputs = latestToolOutputs(after.prompt) as { status: string; code?: string }[];
      const results = outputs.map(
        (output): SurfaceOpResult =>
          output.status === 'applied'
            ? { status: 'applied' }
            : { status: 'refused', code: output.code ?? 'not-reported' },
      );
      return { results, texts: promptTexts(after.prompt) };
    },

    async answer(steps) {
      if (driver.through !== 'text') throw new Error('only the middleware takes ops in its answer');
      const reported = driver.reports.length;
      for (const [index, step] of steps.entries()) {
        const call = pending;
        if (!call) throw new Error('answer before read');
        pending = undefined;
        const [deltas = [], ...moreBlocks] = step.blocks;
        const toolName = step.tool === 'server' ? 'lookup' : 'askUser';
        call.answer({
          deltas,
          moreBlocks,
          ...(step.tool ? { toolCalls: [{ toolName, input: { query: 'x', question: 'x' } }] } : {}),
        });
        if (step.tool === 'server' && index < steps.length - 1) await next();
      }
      const shown = (await running) as string;
      return { shown, withheld: accountedFor(driver.reports.slice(reported)) };
    },

    seen: () => seen,

    async end() {
      pending?.answer({ deltas: ['Done.'] });
      pending = undefined;
      await running?.catch(() => undefined);
    },
  };
}

/** Which AI SDK surface a harness drives. */
export type AiSdkSurface = 'middleware' | 'memoryTools' | 'memoryTools beside the middleware';

/**
 * A surface-contract harness for an AI SDK surface, over the in-memory store:
 * the middleware (the model writes ops in its answer text), `memoryTools`
 * alone (it reads with `memory_search`, writes with the write tools), or
 * `memoryTools({ block: middleware.block })` beside the middleware; through
 * `generateText` or `streamText`.
 */
export function aiSdkHarness(surface: AiSdkSurface, mode: 'generate' | 'stream'): SurfaceHarness {
  return {
    name: `ai-sdk ${surface} (${mode})`,
    capabilities: {
      ancestorWritesOptIn: true,
      concurrentRequests: true,
      opsInAnswerText: surface === 'middleware',
    },
    async open(context): Promise<OpenSurface> {
      const { base, memory } = await openStore(context);
      const reports: MemoryReport[] = [];
      const middleware =
        surface === 'memoryTools'
          ? undefined
          : symfonicMemory({
              memory,
              conversation: { ...context.owner, path: [...context.owner.path, 'conversation:1'] },
              owner: context.owner,
              onMemory: (report) => reports.push(report),
            });
      const tools =
        surface === 'middleware'
          ? answerTools
          : memoryTools({
              memory,
              owner: context.owner,
              ...(middleware ? { block: middleware.block } : {}),
            });
      const driver: Driver = {
        reports,
        through: surface === 'middleware' ? 'text' : 'tools',
        ...(middleware ? { middleware } : {}),
        ...(tools ? { tools } : {}),
      };
      let requests = 0;
      return {
        request: () => {
          requests += 1;
          return aiSdkRequest(driver, mode, `request${requests}`);
        },
        stored: async (scope) => (await base.list(scope, { limit: 100 })).records,
        close: () => base.close(),
      };
    },
  };
}
