import { randomUUID } from 'node:crypto';
import {
  InvalidMemoryInput,
  isWithin,
  Limits,
  type MemoryScope,
  parseInput,
  toScope,
} from '@symfonic/core';
import {
  type Memory,
  type MemoryBlock,
  type MemoryTelemetry,
  memoryToolName,
} from '@symfonic/memory';
import { z } from 'zod';
import { BlockByToolCall } from './block-by-tool-call.js';
import { requireOwnScopes } from './call-scopes.js';
import { filterGenerateResult } from './filter-generate-result.js';
import { filterStream } from './filter-stream.js';
import type {
  CallOptions,
  GenerateResult,
  StreamPart,
  StreamResult,
  WrappedModel,
} from './language-model-shapes.js';
import { MemoryCall, type MemorySetup } from './memory-call.js';
import type { MemoryReport } from './memory-report.js';
import { emitMiddlewareSpan } from './memory-span.js';

/** Options of {@link symfonicMemory}. */
export interface SymfonicMemoryOptions {
  /** The memory loop (`createMemory` of `@symfonic/memory`) over the app's store. */
  readonly memory: Memory;
  /** Where the turns are logged and the working window is read: the conversation. */
  readonly conversation: MemoryScope;
  /** Where memories are written: usually the user, an ancestor of `conversation` (or it). */
  readonly owner: MemoryScope;
  /** Everything memory did on each model call (see {@link MemoryReport}); nothing is logged elsewhere. */
  readonly onMemory?: (report: MemoryReport) => void;
  /** How long a call waits for its block, in milliseconds (default 1,500); past it the call goes without. */
  readonly hydrateBudgetMs?: number;
  /** The provenance `writer` of what is remembered (default `symfonic-ai-sdk`). */
  readonly writer?: string;
  /** The speakers the turns are logged under (default `user` and `assistant`). */
  readonly speakers?: { readonly user?: string; readonly assistant?: string };
  /**
   * The name of the memory tool (`aiSdkMemoryTool()` of this package, given
   * without `execute`) whose calls `remember` reads beside the answer; default `memory_ops`.
   */
  readonly toolName?: string;
  /** A new turn id for each user turn (default a random UUID); the answer is logged as `<id>:answer`. */
  readonly turnId?: () => string;
  /**
   * Allow `owner` at the tenant root (`{ tenant, path: [] }`), where what this
   * model remembers is read by every user of the tenant. Default `false`:
   * such an owner is refused.
   */
  readonly tenantWide?: boolean;
  /**
   * OpenTelemetry spans (see `MemoryTelemetry` of `@symfonic/memory`): one
   * `symfonic.middleware` span per model call, with counts, codes and
   * durations; a no-op until the app installs a tracer provider. Give
   * `createMemory` the same settings for its `symfonic.hydrate` and
   * `symfonic.remember` spans.
   */
  readonly telemetry?: MemoryTelemetry;
}

/**
 * The middleware {@link symfonicMemory} returns: a language-model middleware
 * for `wrapLanguageModel`, of the `v3` shape AI SDK 6 takes, whose methods
 * are generic over the call options and results so that AI SDK 7 (which
 * hands a middleware `LanguageModelV4` values, and accepts `v3` middlewares)
 * types it too.
 */
export interface SymfonicMemoryMiddleware {
  readonly specificationVersion: 'v3';
  /**
   * The block a tool call was made under: for `toolCallId`, the block of the
   * request whose model call made that tool call (what `memoryTools`
   * resolves refs against, so two requests open at once on one middleware
   * never resolve each other's refs); without it, the block of the one turn
   * in progress (from its first step until its final step finishes), and
   * `undefined` between turns or while several requests are in progress
   * (whose block would be a guess).
   */
  block(toolCallId?: string): MemoryBlock | undefined;
  wrapGenerate<Options extends CallOptions, Generated extends GenerateResult, Streamed>(options: {
    doGenerate: () => PromiseLike<Generated>;
    params: Options;
    model: WrappedModel<Options, Generated, Streamed>;
  }): Promise<Generated>;
  wrapStream<
    Options extends CallOptions,
    Generated,
    Streamed extends StreamResult<Part>,
    Part extends StreamPart = StreamPart,
  >(options: {
    doStream: () => PromiseLike<Streamed>;
    params: Options;
    model: WrappedModel<Options, Generated, Streamed>;
  }): Promise<Streamed>;
}

/** The model's answer to `call`; a model that fails is reported (nothing was written) and rethrown. */
async function calling<Result>(
  call: MemoryCall<CallOptions>,
  run: () => PromiseLike<Result>,
): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    call.fail('errored', 'the model call failed: nothing was written');
    throw error;
  }
}

/** `stream` as it is, noting each tool call it carries as made under `call`'s block. */
function issuingToolCalls<Part extends StreamPart>(
  stream: ReadableStream<Part>,
  call: MemoryCall<CallOptions>,
): ReadableStream<Part> {
  return stream.pipeThrough(
    new TransformStream<Part, Part>({
      transform(part, controller) {
        if (part.type === 'tool-call' && part.toolCallId) call.issue(part.toolCallId);
        controller.enqueue(part);
      },
    }),
  );
}

const writerSchema = z.string().min(1).max(Limits.id);
const speakerSchema = z.string().max(Limits.id);
const budgetSchema = z.number().int().min(0).max(600_000);

/**
 * Memory for a Vercel AI SDK model, as a middleware: one per request (or
 * user), `wrapLanguageModel({ model, middleware: symfonicMemory({ memory,
 * conversation, owner }) })`. On each call:
 *
 * - a prompt ending with a user message starts a turn: the block is hydrated
 *   at `conversation` for the user's text (within `hydrateBudgetMs`) and one
 *   system message, `memory.instructions()` then the block, is added after
 *   the prompt's own system messages; the block leaves out the turns the
 *   prompt already carries (reported in `dropped`); the user's turn is logged
 *   beside the model call;
 * - a prompt ending with tool results of that turn reuses its block: a tool
 *   loop costs one hydration;
 * - the answer never holds the ops object (generate and stream, see
 *   `OpsObjectFilter`); on the final step (any finish but `tool-calls`),
 *   `remember` writes at `owner` what was withheld, with the block's refs and
 *   provenance `{ writer, turnId }`, then the answer as the user got it is
 *   logged at `conversation`.
 *
 * The store being down (or a turn longer than memory accepts) never fails
 * the call: it goes without memory and `onMemory` says so. A `ScopeViolation`
 * fails it; one a hydration answers after its budget (when its call has gone
 * on without the block) is reported through `onMemory` as `scope-violation`,
 * and every later call of the middleware throws it. A model call that fails, or a stream that errors or is
 * cancelled, writes nothing.
 *
 * A call may name its scopes in `providerOptions.symfonic` (`{ conversation,
 * owner }`): one that names others than the middleware's is refused with
 * `InvalidMemoryInput` (a middleware reused across requests), before memory
 * or the model is called.
 *
 * @throws InvalidMemoryInput when a scope is malformed, `owner` is not
 * `conversation` or one of its ancestors (its memories would never be
 * recalled there), `owner` is the tenant root without `tenantWide: true`, or
 * an option is out of range.
 */
export function symfonicMemory(options: SymfonicMemoryOptions): SymfonicMemoryMiddleware {
  if (typeof options?.memory?.hydrate !== 'function') {
    throw new InvalidMemoryInput('invalid symfonicMemory options: "memory" is not a Memory');
  }
  const conversation = toScope(options.conversation);
  const owner = toScope(options.owner);
  if (!isWithin(conversation, owner)) {
    throw new InvalidMemoryInput(
      'invalid symfonicMemory options: "owner" must be "conversation" or one of its ancestors, or what is remembered is never recalled there',
    );
  }
  if (owner.path.length === 0 && options.tenantWide !== true) {
    throw new InvalidMemoryInput(
      'invalid symfonicMemory options: "owner" is the tenant root (path: []), so every user of the tenant would read what this model remembers; give the user\'s scope (e.g. path: ["user:42"]), or pass tenantWide: true if the memory is meant for the whole tenant',
    );
  }
  const setup: MemorySetup = {
    memory: options.memory,
    conversation,
    owner,
    writer: parseInput(writerSchema, options.writer ?? 'symfonic-ai-sdk', 'writer'),
    toolName: parseInput(writerSchema, options.toolName ?? memoryToolName, 'toolName'),
    speakers: {
      user: parseInput(speakerSchema, options.speakers?.user ?? 'user', 'user speaker'),
      assistant: parseInput(
        speakerSchema,
        options.speakers?.assistant ?? 'assistant',
        'assistant speaker',
      ),
    },
    hydrateBudgetMs: parseInput(budgetSchema, options.hydrateBudgetMs ?? 1_500, 'hydrateBudgetMs'),
    newTurnId: options.turnId ?? randomUUID,
    onMemory: (report) => {
      emitMiddlewareSpan(options.telemetry, report);
      options.onMemory?.(report);
    },
    turns: new Map(),
    issued: new BlockByToolCall(),
    violation: undefined,
  };

  const middleware: SymfonicMemoryMiddleware = {
    specificationVersion: 'v3',

    block(toolCallId) {
      if (toolCallId !== undefined) return setup.issued.blockOf(toolCallId);
      const [only, ...others] = setup.turns.values();
      return others.length === 0 ? only?.block : undefined;
    },

    async wrapGenerate({ params, model }) {
      requireOwnScopes(setup, (params as { providerOptions?: unknown }).providerOptions);
      const call = await MemoryCall.begin(setup, params);
      const result = await calling(call, () => model.doGenerate(call.params));
      if (!call.active) {
        call.skip();
        return result;
      }
      const started = performance.now();
      for (const part of result.content) {
        if (part.type === 'tool-call' && part.toolCallId) call.issue(part.toolCallId);
      }
      const { visible, step } = filterGenerateResult(result, setup.toolName);
      call.addMiddlewareTime(performance.now() - started);
      await call.finish(result.finishReason, () => step);
      return visible;
    },

    async wrapStream({ params, model }) {
      requireOwnScopes(setup, (params as { providerOptions?: unknown }).providerOptions);
      const call = await MemoryCall.begin(setup, params);
      const result = await calling(call, () => model.doStream(call.params));
      if (!call.active) {
        call.skip();
        return result;
      }
      return {
        ...result,
        stream: filterStream(issuingToolCalls(result.stream, call), call, setup.toolName),
      };
    },
  };
  return middleware;
}
