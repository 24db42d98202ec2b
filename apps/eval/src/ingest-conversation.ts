import type { MemoryScope, MemoryStore } from '@symfonic/core';
import type { EvalConversation } from './eval-dataset.js';
import { memoryText } from './memory-text.js';

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
 * Write one conversation into `scope` as episodic memories, one per turn, in
 * the order they were said: text `[date] speaker: text`, salience 0.5,
 * provenance `{ writer: 'symfonic-eval', turnId }`, metadata `{ conversation,
 * session, turnId, speaker, date? }`. One `apply` per turn, so each memory
 * carries its own turn's provenance.
 *
 * @returns the mapping from memories back to turns, with every turn that was
 * merged into an earlier identical one or refused, and why.
 * @throws whatever the store throws (`MemoryUnavailable`, `InvalidMemoryInput`).
 */
export async function ingestConversation(
  store: MemoryStore,
  scope: MemoryScope,
  conversation: EvalConversation,
): Promise<IngestedConversation> {
  const memoryOfTurn = new Map<string, string>();
  const turnOfMemory = new Map<string, string>();
  const sessionOfTurn = new Map<string, number>();
  const merged: UnstoredTurn[] = [];
  const refused: UnstoredTurn[] = [];
  for (const session of conversation.sessions) {
    for (const turn of session.turns) {
      sessionOfTurn.set(turn.id, session.number);
      const metadata = {
        conversation: conversation.id,
        session: session.number,
        turnId: turn.id,
        speaker: turn.speaker,
        ...(session.date === undefined ? {} : { date: session.date }),
      };
      const result = await store.apply(
        scope,
        [
          {
            op: 'add',
            layer: 'episodic',
            text: memoryText(turn, session),
            salience: 0.5,
            metadata,
          },
        ],
        { writer: evalWriter, turnId: turn.id },
      );
      const applied = result.applied[0];
      const rejected = result.rejected[0];
      if (applied) {
        turnOfMemory.set(applied.record.id, turn.id);
        memoryOfTurn.set(turn.id, applied.record.id);
      } else if (rejected?.code === 'duplicate' && rejected.existingId !== undefined) {
        memoryOfTurn.set(turn.id, rejected.existingId);
        merged.push({
          turnId: turn.id,
          reason: `same text as turn ${turnOfMemory.get(rejected.existingId) ?? rejected.existingId}`,
        });
      } else {
        refused.push({ turnId: turn.id, reason: rejected?.reason ?? 'the store answered nothing' });
      }
    }
  }
  return { scope, turnOfMemory, memoryOfTurn, sessionOfTurn, merged, refused };
}
