import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { createMemory, type ImportedTurn } from '@symfonic/memory';
import type { EvalConversation } from './eval-dataset.js';

/** The writer name every memory the harness writes carries in its provenance. */
export const evalWriter = 'symfonic-eval';

/** A turn that was not stored as a memory of its own, and why. */
export interface UnstoredTurn {
  readonly turnId: string;
  readonly reason: string;
}

/** What ingesting one conversation wrote, and how to read retrieved memories back as turns. */
export interface IngestedConversation {
  readonly scope: MemoryScope;
  /** The turn id of each stored memory (the first turn that said its text). */
  readonly turnOfMemory: ReadonlyMap<string, string>;
  /** The id of the memory that holds each stored or merged turn. */
  readonly memoryOfTurn: ReadonlyMap<string, string>;
  /** The session number of each turn id. */
  readonly sessionOfTurn: ReadonlyMap<string, number>;
  /**
   * Turns whose text another turn of the scope already holds (the store
   * refuses a duplicate): retrieving the memory that holds the text counts
   * for both turns, so they are not lost, only merged.
   */
  readonly merged: readonly UnstoredTurn[];
  /** Turns the store refused for any other reason (e.g. text over the limit): never found. */
  readonly refused: readonly UnstoredTurn[];
}

/**
 * Write one conversation into `scope` through `importConversation` (what an
 * app calls): one episodic memory per turn, in the order they were said,
 * text `[date] speaker: text`, the `contextTurns` turns before it as its
 * context (the library's default, 1, when absent), salience 0.5, provenance
 * `{ writer: 'symfonic-eval' }`, in batches.
 *
 * @returns the mapping from memories back to turns, with every turn that was
 * merged into an earlier identical one or refused, and why.
 * @throws whatever the store throws (`MemoryUnavailable`, `InvalidMemoryInput`).
 */
export async function ingestConversation(
  store: MemoryStore,
  scope: MemoryScope,
  conversation: EvalConversation,
  contextTurns?: number,
): Promise<IngestedConversation> {
  const sessionOfTurn = new Map<string, number>();
  const turns: ImportedTurn[] = [];
  for (const session of conversation.sessions) {
    for (const turn of session.turns) {
      sessionOfTurn.set(turn.id, session.number);
      turns.push({
        turnId: turn.id,
        speaker: turn.speaker,
        text: turn.text,
        ...(session.date === undefined ? {} : { at: session.date }),
      });
    }
  }
  const outcome = await createMemory({ store }).importConversation(scope, turns, {
    writer: evalWriter,
    ...(contextTurns === undefined ? {} : { contextTurns }),
  });
  const memoryOfTurn = new Map<string, string>();
  const turnOfMemory = new Map<string, string>();
  for (const { turnId, memoryId } of [...outcome.imported, ...outcome.alreadyImported]) {
    turnOfMemory.set(memoryId, turnId);
    memoryOfTurn.set(turnId, memoryId);
  }
  const merged: UnstoredTurn[] = outcome.merged.map(({ turnId, memoryId }) => {
    memoryOfTurn.set(turnId, memoryId);
    return { turnId, reason: `same text as turn ${turnOfMemory.get(memoryId) ?? memoryId}` };
  });
  const refused: UnstoredTurn[] = outcome.refused.map(({ index, turnId, reason }) => ({
    turnId: turnId ?? `#${index}`,
    reason,
  }));
  return { scope, turnOfMemory, memoryOfTurn, sessionOfTurn, merged, refused };
}
