import { type MemoryScope, ScopeViolation } from '@symfonic/core';
import {
  failureMessage,
  hydrateWithinBudget,
  type Memory,
  type MemoryBlock,
  type RememberOutcome,
  recordOrDegrade,
  withoutCarriedTurns,
} from '@symfonic/memory';
import type { BlockByToolCall } from './block-by-tool-call.js';
import type { CallOptions, FinishReason, PromptMessage } from './language-model-shapes.js';
import type { MemoryDegradation, MemoryFinish, MemoryReport, MemoryStep } from './memory-report.js';
import { readPrompt } from './read-prompt.js';

/** What every call of one middleware shares: its options, and the turn it is in. */
export interface MemorySetup {
  readonly memory: Memory;
  readonly conversation: MemoryScope;
  readonly owner: MemoryScope;
  readonly writer: string;
  /** The name of the memory tool whose calls `remember` reads (default `memory_ops`). */
  readonly toolName: string;
  readonly speakers: { readonly user: string; readonly assistant: string };
  readonly hydrateBudgetMs: number;
  readonly newTurnId: () => string;
  readonly onMemory: ((report: MemoryReport) => void) | undefined;
  /**
   * The turns in progress, by their prompt's key; a tool step of the same user message reuses
   * its turn. A turn leaves at its final step; of turns that never reach one (a failed call, a
   * request ended by a client-side tool), only the latest {@link turnsKept} stay, so a
   * long-lived middleware holds a bounded number.
   */
  readonly turns: Map<string, TurnState>;
  /** Which block each tool call the model made was issued under (see {@link BlockByToolCall}). */
  readonly issued: BlockByToolCall;
  /** The scope violation a hydration answered after its budget: every later call throws it. */
  violation: ScopeViolation | undefined;
}

/** One turn: its id, the block its first step built, and the user's turn being logged. */
export interface TurnState {
  readonly key: string;
  readonly turnId: string;
  readonly block: MemoryBlock;
  readonly system: string;
  readonly degraded: readonly MemoryDegradation[];
  /** Logging the user's turn, started beside the model call; settles to its degradation, if any. */
  readonly recording: Promise<MemoryDegradation | undefined>;
  /** A failure of a hydration that outlived its budget, once it settles. */
  lateFailure?: unknown;
}

/** What a step's answer holds for memory, and what the user got. */
export interface StepAnswer {
  /** The reply `remember` reads, in the shape the reader reads, with the withheld ops objects as its only text. */
  readonly reply: unknown;
  /** How many complete ops objects the step withheld. */
  readonly opsObjects: number;
  /** True when the step calls the memory tool, which has no `execute`: the loop ends with this step. */
  readonly callsMemoryTool: boolean;
  readonly answer: string;
  readonly withheld: readonly string[];
  readonly truncated: boolean;
}

/** How many turns in progress a middleware keeps (see `MemorySetup.turns`); the oldest goes first. */
export const turnsKept = 64;

const elapsedSince = (start: number) => performance.now() - start;

/** The prompt with the memory system message after the prompt's own leading system messages. */
function withSystemMessage(
  prompt: readonly PromptMessage[],
  system: string,
): readonly PromptMessage[] {
  let at = 0;
  while (prompt[at]?.role === 'system') at += 1;
  return [...prompt.slice(0, at), { role: 'system', content: system }, ...prompt.slice(at)];
}

/**
 * The memory side of one model call: reads the prompt, builds or reuses the
 * turn's block and adds it to the prompt; at the end, on the final step,
 * remembers and logs the answer; and reports it all once through `onMemory`.
 */
export class MemoryCall<Options extends CallOptions> {
  readonly params: Options;
  readonly #setup: MemorySetup;
  readonly #step: MemoryStep;
  readonly #turn: TurnState | undefined;
  readonly #skipReason: string | undefined;
  readonly #degraded: MemoryDegradation[] = [];
  #hydrateMs: number | undefined;
  #middlewareMs = 0;
  #reported = false;

  private constructor(
    setup: MemorySetup,
    params: Options,
    step: MemoryStep,
    turn: TurnState | undefined,
    skipReason: string | undefined,
    hydrateMs: number | undefined,
  ) {
    this.#setup = setup;
    this.params = params;
    this.#step = step;
    this.#turn = turn;
    this.#skipReason = skipReason;
    this.#hydrateMs = hydrateMs;
    if (turn && step !== 'tool-step') this.#degraded.push(...turn.degraded);
  }

  /** True when memory takes part in this call (its answer is filtered, its final step remembered). */
  get active(): boolean {
    return this.#turn !== undefined;
  }

  /**
   * Prepare one call: a new user turn is hydrated (within the budget) and
   * its logging started; a tool step of a turn in progress reuses its block.
   *
   * @throws ScopeViolation, MissingMemoryPort, or any failure that is not the store being down;
   * the ScopeViolation a hydration of this middleware answered after its budget, on every call after it.
   */
  static async begin<Options extends CallOptions>(
    setup: MemorySetup,
    params: Options,
  ): Promise<MemoryCall<Options>> {
    if (setup.violation) throw setup.violation;
    const started = performance.now();
    const reading = readPrompt(params.prompt);
    if (reading.kind === 'other') {
      const call = new MemoryCall(setup, params, 'outside', undefined, reading.reason, undefined);
      call.#middlewareMs += elapsedSince(started);
      return call;
    }
    const current = setup.turns.get(reading.key);
    if (reading.kind === 'tool-step' && current) {
      const prepared = { ...params, prompt: withSystemMessage(params.prompt, current.system) };
      const call = new MemoryCall(setup, prepared, 'tool-step', current, undefined, 0);
      call.#middlewareMs += elapsedSince(started);
      return call;
    }
    const turnId = setup.newTurnId();
    let ownMs = elapsedSince(started);
    const hydrateStarted = performance.now();
    const hydration = await hydrateWithinBudget(
      setup.memory,
      setup.conversation,
      reading.text,
      setup.hydrateBudgetMs,
    );
    const hydrateMs = elapsedSince(hydrateStarted);
    const afterHydrate = performance.now();
    const block = withoutCarriedTurns(hydration.block, reading.carried);
    // The store numbers the turn (one past the highest logged, atomically): concurrent
    // requests in one conversation never share a number.
    const recording =
      reading.kind === 'user-turn'
        ? recordOrDegrade(setup.memory, setup.conversation, {
            turnId,
            speaker: setup.speakers.user,
            text: reading.text,
          })
        : Promise.resolve(undefined);
    // Awaited on the final step, which rethrows a failure that is not a degradation; a loop that
    // stops on a tool call never gets there, and its failure must not become an unhandled rejection.
    recording.catch(() => undefined);
    const instructions = setup.memory.instructions();
    const system = block.text.length > 0 ? `${instructions}\n\n${block.text}` : instructions;
    const turn: TurnState = {
      key: reading.key,
      turnId,
      block,
      system,
      degraded: [...hydration.degraded, ...block.degraded.conditions],
      recording,
    };
    hydration.late?.then((failure) => {
      turn.lateFailure = failure;
      if (ScopeViolation.isInstance(failure)) MemoryCall.#violated(setup, turn, failure);
    });
    setup.turns.delete(reading.key);
    setup.turns.set(reading.key, turn);
    if (setup.turns.size > turnsKept) setup.turns.delete(setup.turns.keys().next().value ?? '');
    const prepared = { ...params, prompt: withSystemMessage(params.prompt, system) };
    const step = reading.kind === 'user-turn' ? 'first' : 'resumed';
    const call = new MemoryCall(setup, prepared, step, turn, undefined, hydrateMs);
    ownMs += elapsedSince(afterHydrate);
    call.#middlewareMs += ownMs;
    return call;
  }

  /**
   * A hydration answered a row outside the scope after its budget: the call
   * it belonged to already went on without a block, so the violation is
   * reported now (`finish: 'scope-violation'`) and every later call of this
   * middleware throws it.
   */
  static #violated(setup: MemorySetup, turn: TurnState, violation: ScopeViolation): void {
    setup.violation = violation;
    setup.onMemory?.({
      step: 'first',
      finish: 'scope-violation',
      turnId: turn.turnId,
      withheld: [],
      truncated: false,
      degraded: [],
      reason:
        'the store answered a memory outside the scope after the hydration budget: every later call of this middleware throws',
      violation,
      timings: { middleware: 0 },
    });
  }

  /** Note that the model made the tool call `toolCallId` in this call: its tools resolve refs against this call's block. */
  issue(toolCallId: string): void {
    if (this.#turn) this.#setup.issued.remember(toolCallId, this.#turn.block);
  }

  /** Add `milliseconds` of the middleware's own work (the stream filter's) to the report. */
  addMiddlewareTime(milliseconds: number): void {
    this.#middlewareMs += milliseconds;
  }

  /**
   * The model finished this call. On a step that finished with `tool-calls`
   * and did not call the memory tool (the loop may go on in this request, or
   * the tool has no `execute` and the request ends here: the middleware
   * cannot tell), the ops objects the step withheld, if any, are remembered
   * now, so none waits for a final step that a new request's middleware will
   * serve; a step that withheld none costs no `remember`. The final step of a
   * turn (any other finish, or a call of the memory tool, which has no
   * `execute`) remembers its own ops, then the answer is logged. Each step's
   * ops are read once, by its own `remember`, at the owner with the block's
   * refs. A failure of either is reported, never thrown, but a scope
   * violation; a reply `remember` cannot read is reported as
   * `remember-unreadable`, and the final step's finish is then `unreadable`.
   * Then report.
   *
   * @throws ScopeViolation from `remember`, or from a hydration that outlived its budget.
   */
  async finish(finishReason: FinishReason, step: () => StepAnswer): Promise<void> {
    const turn = this.#turn;
    if (!turn) {
      this.skip();
      return;
    }
    const started = performance.now();
    if (ScopeViolation.isInstance(turn.lateFailure)) throw turn.lateFailure;
    if (finishReason.unified === 'error' || finishReason.unified === 'interrupted') {
      this.#report('errored', {
        reason: `the model finished with "${finishReason.unified}": nothing was written`,
      });
      return;
    }
    const { answer, withheld, truncated, reply, opsObjects, callsMemoryTool } = step();
    if (finishReason.unified === 'tool-calls' && !callsMemoryTool) {
      this.#middlewareMs += elapsedSince(started);
      if (opsObjects === 0) {
        this.#report('tool-calls', { withheld, truncated });
        return;
      }
      const remembering = performance.now();
      const outcome = await this.#remember(turn, reply);
      this.#report('tool-calls', {
        withheld,
        truncated,
        rememberMs: elapsedSince(remembering),
        ...(outcome ? { outcome } : {}),
      });
      return;
    }
    this.#setup.turns.delete(turn.key);
    this.#middlewareMs += elapsedSince(started);
    const remembering = performance.now();
    const outcome = await this.#remember(turn, reply);
    const rememberMs = elapsedSince(remembering);
    const recording = performance.now();
    const userRecorded = await turn.recording;
    if (userRecorded) this.#degraded.push(userRecorded);
    const answerRecorded = await recordOrDegrade(this.#setup.memory, this.#setup.conversation, {
      turnId: `${turn.turnId}:answer`,
      speaker: this.#setup.speakers.assistant,
      text: answer,
    });
    if (answerRecorded) this.#degraded.push(answerRecorded);
    const unreadable = outcome?.unreadable?.code === 'unreadable-reply';
    this.#report(unreadable ? 'unreadable' : 'remembered', {
      answer,
      withheld,
      truncated,
      rememberMs,
      recordMs: elapsedSince(recording),
      ...(outcome ? { outcome } : {}),
    });
  }

  /** `remember` the step's reply; a failure or an unreadable reply is a degradation, a scope violation is thrown. */
  async #remember(turn: TurnState, reply: unknown): Promise<RememberOutcome | undefined> {
    try {
      const outcome = await this.#setup.memory.remember(this.#setup.owner, reply, {
        provenance: { writer: this.#setup.writer, turnId: turn.turnId },
        refs: turn.block.refs,
        toolName: this.#setup.toolName,
      });
      if (outcome.unreadable?.code === 'unreadable-reply') {
        this.#degraded.push({ code: 'remember-unreadable', detail: outcome.unreadable.reason });
      }
      return outcome;
    } catch (error) {
      if (ScopeViolation.isInstance(error)) throw error;
      this.#degraded.push({ code: 'remember-failed', detail: failureMessage(error) });
      return undefined;
    }
  }

  /** The call was outside a turn: report it, with the reason. */
  skip(): void {
    this.#report('skipped', {});
  }

  /** The model call failed or its stream was cancelled: nothing is written; report why. */
  fail(finish: 'errored' | 'aborted', reason: string): void {
    this.#report(finish, { reason });
  }

  #report(
    finish: MemoryFinish,
    details: {
      reason?: string;
      answer?: string;
      withheld?: readonly string[];
      truncated?: boolean;
      outcome?: RememberOutcome;
      rememberMs?: number;
      recordMs?: number;
    },
  ): void {
    if (this.#reported) return;
    this.#reported = true;
    const turn = this.#turn;
    const reason = details.reason ?? this.#skipReason;
    const report: MemoryReport = {
      step: this.#step,
      finish,
      ...(turn ? { turnId: turn.turnId, block: turn.block } : {}),
      ...(details.outcome ? { outcome: details.outcome } : {}),
      ...(details.answer === undefined ? {} : { answer: details.answer }),
      withheld: details.withheld ?? [],
      truncated: details.truncated ?? false,
      degraded: [...this.#degraded],
      ...(reason === undefined ? {} : { reason }),
      timings: {
        ...(this.#hydrateMs === undefined ? {} : { hydrate: this.#hydrateMs }),
        ...(details.rememberMs === undefined ? {} : { remember: details.rememberMs }),
        ...(details.recordMs === undefined ? {} : { record: details.recordMs }),
        middleware: this.#middlewareMs,
      },
    };
    this.#setup.onMemory?.(report);
  }
}
