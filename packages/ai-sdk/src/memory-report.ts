import type { Degradation, ScopeViolation } from '@symfonic/core';
import type { MemoryBlock, RememberOutcome } from '@symfonic/memory';

/**
 * Which step of a turn a model call was:
 * - `first`: the prompt ended with a new user message (recorded, hydrated);
 * - `tool-step`: it ended with tool results of the turn this middleware began
 *   (the first step's block reused, nothing recorded or hydrated);
 * - `resumed`: it ended with tool results of a turn this middleware did not
 *   begin (a chat app's new request after client-side tools): hydrated again
 *   for the turn's user message, which is not recorded twice;
 * - `outside`: no user turn to serve (see `skipped`): memory stayed out of the call.
 */
export type MemoryStep = 'first' | 'tool-step' | 'resumed' | 'outside';

/**
 * How the call ended for memory:
 * - `remembered`: the final step; `remember` read its reply (see `outcome`) and the answer was recorded;
 * - `unreadable`: the final step, but `remember` could not read its reply (`degraded` names
 *   `remember-unreadable`, with the reason): nothing was written; the answer was recorded;
 * - `tool-calls`: the model called tools (the loop goes on, or the request ends with a tool the
 *   app runs): the ops objects the step withheld, if any, were remembered (see `outcome`);
 * - `errored` / `aborted`: the model failed or the stream was cancelled: nothing written;
 * - `skipped`: the call was `outside` a turn;
 * - `scope-violation`: not a call's end: a hydration that outlived its budget settled with a
 *   row outside the scope (see `violation`); the call it served had gone on without a block,
 *   and every later call of the middleware throws the violation.
 */
export type MemoryFinish =
  | 'remembered'
  | 'unreadable'
  | 'tool-calls'
  | 'errored'
  | 'aborted'
  | 'skipped'
  | 'scope-violation';

/**
 * Why memory was weaker than it could be on a call. Codes:
 * `record-failed` (the user's turn or the answer could not be logged),
 * `hydrate-failed` (the block could not be built: the call went without one),
 * `hydrate-timeout` (the block took longer than the budget: the call went without one),
 * `remember-failed` (the reply's ops could not be written),
 * `remember-unreadable` (`remember` could not read the step's reply: nothing was written),
 * plus the block's own `degraded.conditions`.
 */
export type MemoryDegradation = Degradation;

/** Milliseconds spent on memory during one call (`undefined` for what did not run). */
export interface MemoryTimings {
  /** Building the block (0 when a tool step reused it). */
  readonly hydrate?: number;
  /** Writing what the step's reply said to remember. */
  readonly remember?: number;
  /** Logging the user's turn and the answer, as far as the call waited for them. */
  readonly record?: number;
  /** The middleware's own work on the call, outside `hydrate`, `remember` and `record`. */
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
  /** What `remember` did: on the final step, and on a `tool-calls` step that withheld ops objects. */
  readonly outcome?: RememberOutcome;
  /** The answer as the user got it (ops object removed), on the final step. */
  readonly answer?: string;
  /** The ops objects taken out of the answer, exactly as `remember` read them. */
  readonly withheld: readonly string[];
  /** True when the answer ended inside an ops object that never closed. */
  readonly truncated: boolean;
  /** Everything that weakened memory on this call, in order. */
  readonly degraded: readonly MemoryDegradation[];
  /** Why the call was `skipped`, `errored` or `aborted`, or what the `scope-violation` means. */
  readonly reason?: string;
  /** For `scope-violation`: the violation, naming the row and both scopes (for the app, never a model). */
  readonly violation?: ScopeViolation;
  readonly timings: MemoryTimings;
}
