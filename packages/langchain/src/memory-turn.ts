import {
  InvalidMemoryInput,
  type MemoryScope,
  MemoryUnavailable,
  ScopeViolation,
} from '@symfonic/core';
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

/** A block with nothing in it: what a call gets when memory could not build one. */
export const emptyBlock: MemoryBlock = {
  text: '',
  working: { turns: [], dropped: [], degraded: false },
  recalled: [],
  refs: {},
  dropped: [],
  degraded: { working: false, recall: false, pinned: false, conditions: [] },
};

/** The reason an unfinished memory tool call is not read. */
export const cutOffReason =
  'the call’s arguments did not finish streaming: none of its ops was read';

/**
 * Whether a failure of memory may be degraded (the call goes on without
 * memory, and says so): the store is down, or the turn's own text is more
 * than memory accepts. A scope violation, a missing port or a bug is never
 * degraded.
 */
export function degradable(error: unknown): error is Error {
  if (ScopeViolation.isInstance(error)) return false;
  return MemoryUnavailable.isInstance(error) || InvalidMemoryInput.isInstance(error);
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * The block for `cue` at the conversation, within the budget: past it, or
 * when the store is down, the call goes without (reported); a failure that
 * is not degradable is thrown. A hydration that outlives its budget hands
 * its failure to `late` once it settles.
 *
 * @throws ScopeViolation, MissingMemoryPort, or any failure that is not the store being down.
 */
export async function hydrateWithin(
  setup: MemorySetup,
  cue: string,
): Promise<{ block: MemoryBlock; degraded: MemoryDegradation[]; late?: Promise<unknown> }> {
  const hydrating = setup.memory.hydrate(setup.conversation, cue);
  let timer: NodeJS.Timeout | undefined;
  const overBudget = new Promise<'over-budget'>((resolve) => {
    timer = setTimeout(() => resolve('over-budget'), setup.hydrateBudgetMs);
    timer.unref?.();
  });
  try {
    const settled = await Promise.race([hydrating, overBudget]);
    if (settled === 'over-budget') {
      const late = hydrating.then(
        () => undefined,
        (error: unknown) => error,
      );
      return {
        block: emptyBlock,
        degraded: [
          {
            code: 'hydrate-timeout',
            detail: `the block took longer than ${setup.hydrateBudgetMs} ms: the call went without it`,
          },
        ],
        late,
      };
    }
    return { block: settled, degraded: [] };
  } catch (error) {
    if (!degradable(error)) throw error;
    return {
      block: emptyBlock,
      degraded: [{ code: 'hydrate-failed', detail: messageOf(error) }],
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Log one turn at the conversation (numbered by the store); a store that is
 * down is a degradation, any other failure is thrown.
 */
export async function recordTurn(
  setup: MemorySetup,
  turn: { turnId: string; speaker: string; text: string },
): Promise<MemoryDegradation | undefined> {
  try {
    await setup.memory.record(setup.conversation, turn);
    return undefined;
  } catch (error) {
    if (!degradable(error)) throw error;
    return { code: 'record-failed', detail: `turn ${turn.turnId}: ${messageOf(error)}` };
  }
}

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
