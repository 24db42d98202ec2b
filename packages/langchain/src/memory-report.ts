import type { Degradation } from '@symfonic/core';
import type { MemoryBlock, RememberOutcome } from '@symfonic/memory';

/**
 * Which model call of a turn this was:
 * - `first`: the messages ended with a new user message (recorded, hydrated);
 * - `tool-step`: they ended with tool results of the turn this middleware
 *   began (its block reused, nothing recorded or hydrated);
 * - `resumed`: they ended with tool results of a turn this middleware did
 *   not begin (e.g. an agent resumed from a checkpoint): hydrated again for
 *   the turn's user message, which is not recorded twice;
 * - `outside`: no user turn to serve (see `reason`): memory stayed out of the call.
 */
export type MemoryStep = 'first' | 'tool-step' | 'resumed' | 'outside';

/**
 * How the call ended for memory:
 * - `remembered`: the final model call of the turn (no tool calls); `remember`
 *   ran (see `outcome`) and the answer was recorded;
 * - `tool-calls`: the model called tools, the agent loops: nothing written yet;
 * - `errored` / `aborted`: the model call failed or was aborted: nothing written;
 * - `skipped`: the call was `outside` a turn.
 */
export type MemoryFinish = 'remembered' | 'tool-calls' | 'errored' | 'aborted' | 'skipped';

/**
 * Why memory was weaker than it could be on a call. Codes:
 * `record-failed` (the user's turn or the answer could not be logged),
 * `hydrate-failed` (the block could not be built: the call went without one),
 * `hydrate-timeout` (the block took longer than the budget: the call went without one),
 * `remember-failed` (the reply's ops could not be written),
 * plus the block's own `degraded.conditions`.
 */
export type MemoryDegradation = Degradation;

/**
 * A call of the memory tool that was not read: its arguments never finished
 * streaming (the stream was cut off inside them), so none of its ops was
 * written, however LangChain completed them.
 */
export interface UnreadToolCall {
  readonly id: string | undefined;
  readonly name: string;
  /** The arguments as far as they arrived. */
  readonly rawArgs: string;
  readonly reason: string;
}

/** Milliseconds spent on memory during one call (`undefined` for what did not run). */
export interface MemoryTimings {
  /** Building the block (0 when a tool step reused it). */
  readonly hydrate?: number;
  /** Writing what the reply said to remember. */
  readonly remember?: number;
  /** Logging the user's turn and the answer, as far as the call waited for them. */
  readonly record?: number;
  /**
   * The middleware's own work on the call, outside `hydrate`, `remember`,
   * `record` and the model call (the stream filter runs inside the model
   * call, and is counted there).
   */
  readonly middleware: number;
}

/** Everything memory did on one model call, handed to `onMemory` when the call ends. */
export interface MemoryReport {
  readonly step: MemoryStep;
  readonly finish: MemoryFinish;
  /** The turn's id (the user's turn; the answer is logged as `<turnId>:answer`); absent when `outside`. */
  readonly turnId?: string;
  /** The block the call was given (its `dropped` and `degraded` included); absent when `outside`. */
  readonly block?: MemoryBlock;
  /** What `remember` did, on the final call of the turn. */
  readonly outcome?: RememberOutcome;
  /** The answer as the user got it (ops object removed), on the final call. */
  readonly answer?: string;
  /** The ops objects taken out of this call's answer, exactly as the model wrote them. */
  readonly withheld: readonly string[];
  /** True when the answer ended inside an ops object that never closed. */
  readonly truncated: boolean;
  /** Memory tool calls of this call whose arguments were cut off: reported, never written. */
  readonly unread: readonly UnreadToolCall[];
  /** Everything that weakened memory on this call, in order. */
  readonly degraded: readonly MemoryDegradation[];
  /** Why the call was `skipped`, `errored` or `aborted`. */
  readonly reason?: string;
  readonly timings: MemoryTimings;
}
