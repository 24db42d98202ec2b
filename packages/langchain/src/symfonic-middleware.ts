import { randomUUID } from 'node:crypto';
import { AIMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import {
  InvalidMemoryInput,
  isWithin,
  Limits,
  type MemoryScope,
  parseInput,
  ScopeViolation,
  toScope,
} from '@symfonic/core';
import {
  failureMessage,
  hydrateWithinBudget,
  isDegradableFailure,
  type Memory,
  type MemoryBlock,
  memoryToolDescription,
  memoryToolName,
  modelOpsPayloadSchema,
  type RememberOutcome,
  recordOrDegrade,
  withoutCarriedTurns,
} from '@symfonic/memory';
import { createMiddleware, ToolInvocationError } from 'langchain';
import { z } from 'zod';
import type {
  MemoryDegradation,
  MemoryReport,
  MemoryStep,
  MemoryTimings,
  UnreadToolCall,
} from './memory-report.js';
import { type MemorySetup, readMemoryToolCalls, type TurnState } from './memory-turn.js';
import { type CallCapture, OpsFilteringChatModel } from './ops-filtering-chat-model.js';
import { readTurn } from './read-turn.js';

/** Options of {@link symfonicMiddleware}. */
export interface SymfonicMiddlewareOptions {
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
  /** The provenance `writer` of what is remembered (default `symfonic-langchain`). */
  readonly writer?: string;
  /** The speakers the turns are logged under (default `user` and `assistant`). */
  readonly speakers?: { readonly user?: string; readonly assistant?: string };
  /**
   * How the model is taught to emit its memory ops: `text` (the default), an
   * `{"ops": [...]}` object at the end of its answer; `tool-call`, calls of
   * the memory tool, which the middleware then registers with the agent.
   * Either way both channels are read.
   */
  readonly channel?: 'text' | 'tool-call';
  /** The name of the memory tool whose calls are read (default `memory_ops`). */
  readonly toolName?: string;
  /** A new turn id for each user turn (default a random UUID); the answer is logged as `<id>:answer`. */
  readonly turnId?: () => string;
}

const writerSchema = z.string().min(1).max(Limits.id);
const speakerSchema = z.string().max(Limits.id);
const budgetSchema = z.number().int().min(0).max(600_000);

/** What the memory tool answers the model for a finished call: the ops are written with the answer. */
export const memoryToolAcknowledgement =
  'Noted: these memory changes are written when your answer to the user is complete.';

/** What the memory tool answers the model for a call whose arguments were cut off. */
export const memoryToolCutOff =
  'Not written: the arguments of this call were cut off before they were complete. Call the tool again with the whole input if it still matters.';

/**
 * Memory for a LangChain.js agent, as agent middleware: one per request (or
 * user), `createAgent({ model, tools, middleware: [symfonicMiddleware({
 * memory, conversation, owner })] })`. Its `wrapModelCall`, on each model call:
 *
 * - messages ending with a user message start a turn: the block is hydrated
 *   at `conversation` for the user's text (within `hydrateBudgetMs`) and one
 *   system message, `memory.instructions()` then the block, is added after
 *   the agent's own system message; the block leaves out the turns the
 *   messages already carry (reported in `dropped`); the user's turn is
 *   logged beside the model call;
 * - messages ending with tool results of that turn reuse its block: a tool
 *   loop costs one hydration;
 * - the model is served through an {@link OpsFilteringChatModel}: the ops
 *   object never reaches the messages the agent keeps, returns or streams
 *   (`stream` in every mode, `streamEvents`), however the model splits it;
 * - memory tool calls are read too; a call whose arguments did not finish
 *   streaming is reported in `unread` and never written, even though
 *   LangChain completes its arguments into a valid-looking call;
 * - on the final model call of the turn (one without tool calls),
 *   `remember` writes at `owner` what every call of the turn withheld and
 *   every finished memory tool call, with the block's refs and provenance
 *   `{ writer, turnId }`; then the answer as the user got it is logged. A
 *   turn that ends without one (a `returnDirect` tool, a step limit) is
 *   finished the same way by `afterAgent`.
 *
 * The store being down (or a turn longer than memory accepts) never fails
 * the call: it goes without memory and `onMemory` says so. A
 * `ScopeViolation` fails it. A model call that fails or is aborted writes
 * nothing. (LangChain hands what a middleware throws to the caller as its
 * `MiddlewareError`, named after the error, which is its `cause`.) Put it first in `middleware` so that its model is the one the
 * other middleware wraps; a middleware that swaps the model itself (a
 * fallback model) is outside the filter.
 *
 * @throws InvalidMemoryInput when a scope is malformed, `owner` is not
 * `conversation` or one of its ancestors (its memories would never be
 * recalled there), or an option is out of range.
 */
export function symfonicMiddleware(options: SymfonicMiddlewareOptions) {
  if (typeof options?.memory?.hydrate !== 'function') {
    throw new InvalidMemoryInput('invalid symfonicMiddleware options: "memory" is not a Memory');
  }
  const conversation = toScope(options.conversation);
  const owner = toScope(options.owner);
  if (!isWithin(conversation, owner)) {
    throw new InvalidMemoryInput(
      'invalid symfonicMiddleware options: "owner" must be "conversation" or one of its ancestors, or what is remembered is never recalled there',
    );
  }
  const channel = options.channel ?? 'text';
  if (channel !== 'text' && channel !== 'tool-call') {
    throw new InvalidMemoryInput(
      'invalid symfonicMiddleware options: "channel" is "text" or "tool-call"',
    );
  }
  const toolName = parseInput(writerSchema, options.toolName ?? memoryToolName, 'toolName');
  const setup: MemorySetup = {
    memory: options.memory,
    conversation,
    owner,
    writer: parseInput(writerSchema, options.writer ?? 'symfonic-langchain', 'writer'),
    toolName,
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
    instructions: options.memory.instructions(
      channel === 'tool-call' ? { channel: 'tool-call', toolName } : {},
    ),
    turn: undefined,
  };
  const onMemory = options.onMemory;

  const report = (
    fields: Omit<MemoryReport, 'withheld' | 'truncated' | 'unread' | 'degraded' | 'timings'> & {
      withheld?: readonly string[];
      truncated?: boolean;
      unread?: readonly UnreadToolCall[];
      degraded?: readonly MemoryDegradation[];
      timings: MemoryTimings;
    },
  ) =>
    onMemory?.({
      ...fields,
      withheld: fields.withheld ?? [],
      truncated: fields.truncated ?? false,
      unread: fields.unread ?? [],
      degraded: fields.degraded ?? [],
    });

  /** The turn a call of `reading` belongs to: the current one, or a new one, hydrated. */
  const turnFor = async (
    reading: Extract<ReturnType<typeof readTurn>, { text: string }>,
  ): Promise<{ turn: TurnState; step: MemoryStep; hydrateMs: number }> => {
    const current = setup.turn;
    if (reading.kind === 'tool-step' && current?.key === reading.key) {
      return { turn: current, step: 'tool-step', hydrateMs: 0 };
    }
    const turnId = setup.newTurnId();
    const started = performance.now();
    const hydration = await hydrateWithinBudget(
      setup.memory,
      setup.conversation,
      reading.text,
      setup.hydrateBudgetMs,
    );
    const hydrateMs = performance.now() - started;
    const block: MemoryBlock = withoutCarriedTurns(hydration.block, reading.carried);
    const recording =
      reading.kind === 'user-turn'
        ? recordOrDegrade(setup.memory, setup.conversation, {
            turnId,
            speaker: setup.speakers.user,
            text: reading.text,
          })
        : Promise.resolve(undefined);
    // Awaited on the final call, which rethrows a failure that is not a degradation; a turn that
    // never gets there must not leave an unhandled rejection.
    recording.catch(() => undefined);
    const turn: TurnState = {
      key: reading.key,
      turnId,
      block,
      system: block.text.length > 0 ? `${setup.instructions}\n\n${block.text}` : setup.instructions,
      degraded: [...hydration.degraded, ...block.degraded.conditions],
      recording,
      withheld: [],
      toolCalls: [],
      answer: '',
      unreadIds: new Set(),
    };
    hydration.late?.then((failure) => {
      if (failure !== undefined) turn.lateFailure = failure;
    });
    setup.turn = turn;
    return { turn, step: reading.kind === 'user-turn' ? 'first' : 'resumed', hydrateMs };
  };

  /**
   * The turn is over: `remember` at the owner reads what every call of it
   * withheld and its finished memory tool calls, then the answer is logged
   * and the call reported. A failure is reported, never thrown, but a scope
   * violation.
   */
  const finishTurn = async (
    turn: TurnState,
    call: {
      step: MemoryStep;
      turnId: string;
      block: MemoryBlock;
      withheld: readonly string[];
      truncated: boolean;
      unread: readonly UnreadToolCall[];
      degraded: MemoryDegradation[];
      hydrateMs: number;
      timingsOf: (measured: Omit<MemoryTimings, 'middleware'>) => MemoryTimings;
    },
  ): Promise<void> => {
    if (ScopeViolation.isInstance(turn.lateFailure)) throw turn.lateFailure;
    setup.turn = undefined;
    const { degraded, hydrateMs, timingsOf, ...fields } = call;
    const remembering = performance.now();
    let outcome: RememberOutcome | undefined;
    try {
      outcome = await setup.memory.remember(setup.owner, replyOf(turn), {
        provenance: { writer: setup.writer, turnId: turn.turnId },
        refs: turn.block.refs,
        toolName: setup.toolName,
      });
    } catch (error) {
      if (!isDegradableFailure(error)) throw error;
      degraded.push({ code: 'remember-failed', detail: failureMessage(error) });
    }
    const rememberMs = performance.now() - remembering;
    const recording = performance.now();
    const userRecorded = await turn.recording;
    if (userRecorded) degraded.push(userRecorded);
    const answerRecorded = await recordOrDegrade(setup.memory, setup.conversation, {
      turnId: `${turn.turnId}:answer`,
      speaker: setup.speakers.assistant,
      text: turn.answer,
    });
    if (answerRecorded) degraded.push(answerRecorded);
    report({
      ...fields,
      finish: 'remembered',
      ...(outcome ? { outcome } : {}),
      answer: turn.answer,
      degraded,
      timings: timingsOf({
        hydrate: hydrateMs,
        remember: rememberMs,
        record: performance.now() - recording,
      }),
    });
  };

  const memoryTool = tool(
    (_input, config) => {
      const id = config?.toolCall?.id;
      return id !== undefined && setup.turn?.unreadIds.has(id)
        ? memoryToolCutOff
        : memoryToolAcknowledgement;
    },
    { name: toolName, description: memoryToolDescription, schema: modelOpsPayloadSchema },
  );

  const middleware = createMiddleware({
    name: 'SymfonicMemory',
    tools: channel === 'tool-call' ? [memoryTool] : [],
    wrapToolCall: async (request, handler) => {
      try {
        return await handler(request);
      } catch (error) {
        // A foreign row fails the agent call: as a tool error its message would reach the model.
        if (violationIn(error)) throw error;
        // Any other failure goes to the model as createAgent's own tool error handling words it.
        if (request.runtime.signal?.aborted || ToolInvocationError.isInstance(error)) throw error;
        return new ToolMessage({
          content: `${error}\n Please fix your mistakes.`,
          tool_call_id: request.toolCall.id ?? '',
          name: request.toolCall.name,
          status: 'error',
        });
      }
    },
    afterAgent: async () => {
      // The agent ended without a final model call (a tool with returnDirect, a step limit):
      // the turn ends here, and what its calls withheld is remembered now, never dropped.
      const turn = setup.turn;
      if (!turn) return;
      const started = performance.now();
      await finishTurn(turn, {
        step: 'tool-step',
        turnId: turn.turnId,
        block: turn.block,
        withheld: [],
        truncated: false,
        unread: [],
        degraded: [],
        hydrateMs: 0,
        timingsOf: (measured) => {
          const spent = (measured.remember ?? 0) + (measured.record ?? 0);
          return { ...measured, middleware: performance.now() - started - spent };
        },
      });
    },
    wrapModelCall: async (request, handler) => {
      const started = performance.now();
      let modelMs = 0;
      /** The call's timings: `measured` as given, the rest of the time since `started` the middleware's. */
      const timingsOf = (measured: Omit<MemoryTimings, 'middleware'>): MemoryTimings => {
        const spent = (measured.hydrate ?? 0) + (measured.remember ?? 0) + (measured.record ?? 0);
        return { ...measured, middleware: performance.now() - started - modelMs - spent };
      };
      const reading = readTurn(request.messages);
      if (reading.kind === 'other') {
        report({
          step: 'outside',
          finish: 'skipped',
          reason: reading.reason,
          timings: timingsOf({}),
        });
        return handler(request);
      }
      const { turn, step, hydrateMs } = await turnFor(reading);
      const degraded: MemoryDegradation[] = step === 'tool-step' ? [] : [...turn.degraded];
      const base = { step, turnId: turn.turnId, block: turn.block };
      const capture: CallCapture = { last: undefined };
      let response: AIMessage;
      const calling = performance.now();
      try {
        response = await handler({
          ...request,
          model: new OpsFilteringChatModel(request.model as never, capture),
          messages: [new SystemMessage(turn.system), ...request.messages],
        });
        modelMs = performance.now() - calling;
      } catch (error) {
        modelMs = performance.now() - calling;
        const aborted = request.runtime.signal?.aborted === true;
        report({
          ...base,
          finish: aborted ? 'aborted' : 'errored',
          reason: aborted
            ? 'the model call was aborted: nothing was written'
            : `the model call failed (${failureMessage(error)}): nothing was written`,
          degraded,
          timings: timingsOf({ hydrate: hydrateMs }),
        });
        throw error;
      }
      const captured = capture.last ?? {
        answer: response.text,
        withheld: [],
        truncated: false,
        toolCalls: [],
      };
      const { finished, unread } = readMemoryToolCalls(captured.toolCalls, setup.toolName);
      for (const call of unread) if (call.id !== undefined) turn.unreadIds.add(call.id);
      turn.withheld.push(...captured.withheld);
      turn.answer = captured.answer;
      turn.toolCalls.push(...finished);
      const ofThisCall = { withheld: captured.withheld, truncated: captured.truncated, unread };
      if ((response.tool_calls ?? []).length > 0) {
        report({
          ...base,
          finish: 'tool-calls',
          ...ofThisCall,
          degraded,
          timings: timingsOf({ hydrate: hydrateMs }),
        });
        return response;
      }
      await finishTurn(turn, { ...base, ...ofThisCall, degraded, hydrateMs, timingsOf });
      return response;
    },
  });
  return Object.assign(middleware, {
    /**
     * The block of the turn in progress (from its first model call until its
     * final one), `undefined` between turns: what `memoryTools` resolves refs against.
     */
    block: (): MemoryBlock | undefined => setup.turn?.block,
  });
}

/** Whether `error`, or an error it was caused by, is a `ScopeViolation`. */
function violationIn(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (ScopeViolation.isInstance(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The reply `remember` reads for a turn: a LangChain AI message whose only
 * text is the ops objects withheld from the turn's calls, and whose tool
 * calls are the turn's finished memory tool calls, with the arguments the
 * model wrote (not LangChain's completion of them).
 */
function replyOf(turn: TurnState): AIMessage {
  const calls = turn.toolCalls.map((call, index) => ({ ...call, index }));
  const objectArgs = calls.filter(
    (call) => typeof call.args === 'object' && call.args !== null && !Array.isArray(call.args),
  );
  return new AIMessage({
    content: turn.withheld.join('\n'),
    tool_calls: objectArgs.map((call) => ({
      type: 'tool_call',
      id: call.id ?? `memory-call-${call.index}`,
      name: call.name,
      args: call.args as Record<string, unknown>,
    })),
    invalid_tool_calls: calls
      .filter((call) => !objectArgs.includes(call))
      .map((call) => ({
        type: 'invalid_tool_call',
        id: call.id ?? `memory-call-${call.index}`,
        name: call.name,
        args: JSON.stringify(call.args),
        error: 'the arguments are not a JSON object',
      })),
  });
}
