import type { MemoryScope } from '@symfonic/core';
import type { Memory, MemoryBlock } from '@symfonic/memory';
import type { MemoryDegradation, UnreadToolCall } from './memory-report.js';
import type { CapturedToolCall } from './ops-filtering-chat-model.js';

/** What every model call of one middleware shares: its options, and the turn it is in. */
export interface MemorySetup {
  readonly memory: Memory;
  readonly conversation: MemoryScope;
  readonly owner: MemoryScope;
  readonly writer: string;
  readonly toolName: string;
  readonly speakers: { readonly user: string; readonly assistant: string };
  readonly hydrateBudgetMs: number;
  readonly newTurnId: () => string;
  /** The memory system message after the agent's own: the instructions, then the block. */
  readonly instructions: string;
  /** The turn the middleware is in; a tool step of the same user message reuses it. */
  turn: TurnState | undefined;
}

/** One turn: its id, the block its first call built, and what carried ops in its calls so far. */
export interface TurnState {
  readonly key: string;
  readonly turnId: string;
  readonly block: MemoryBlock;
  readonly system: string;
  readonly degraded: readonly MemoryDegradation[];
  /** Logging the user's turn, started beside the model call; settles to its degradation, if any. */
  readonly recording: Promise<MemoryDegradation | undefined>;
  /** The ops objects withheld from the turn's calls so far. */
  readonly withheld: string[];
  /** The finished memory tool calls of the turn's calls so far, with their parsed arguments. */
  readonly toolCalls: { id: string | undefined; name: string; args: unknown }[];
  /** The answer of the turn's latest model call, as the user got it: what is logged when it ends. */
  answer: string;
  /** Ids of memory tool calls whose arguments were cut off: the tool tells the model so. */
  readonly unreadIds: Set<string>;
  /** A failure of a hydration that outlived its budget, once it settles. */
  lateFailure?: unknown;
}

/** The reason an unfinished memory tool call is not read. */
export const cutOffReason =
  'the call’s arguments did not finish streaming: none of its ops was read';

/**
 * Sort one call's memory tool calls: a finished call is kept for `remember`
 * with the arguments as the model wrote them; a cut-off one is unread.
 */
export function readMemoryToolCalls(
  calls: readonly CapturedToolCall[],
  toolName: string,
): {
  finished: { id: string | undefined; name: string; args: unknown }[];
  unread: UnreadToolCall[];
} {
  const finished: { id: string | undefined; name: string; args: unknown }[] = [];
  const unread: UnreadToolCall[] = [];
  for (const call of calls) {
    if (call.name !== toolName) continue;
    if (call.complete) {
      finished.push({ id: call.id, name: call.name, args: JSON.parse(call.rawArgs) });
    } else {
      unread.push({ id: call.id, name: call.name, rawArgs: call.rawArgs, reason: cutOffReason });
    }
  }
  return { finished, unread };
}
