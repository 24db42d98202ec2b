import type { Degradation, MemoryScope } from '@symfonic/core';
import type { Memory } from '../create-memory.js';
import { failureMessage, isDegradableFailure } from './degradable-failure.js';

/**
 * Log one turn at `conversation` (numbered by the store): `undefined` when
 * it was logged, a `record-failed` degradation naming the turn when memory
 * failed in a way a surface may degrade (see {@link isDegradableFailure}).
 *
 * @throws any failure that is not degradable.
 */
export async function recordOrDegrade(
  memory: Memory,
  conversation: MemoryScope,
  turn: { readonly turnId: string; readonly speaker: string; readonly text: string },
): Promise<Degradation | undefined> {
  try {
    await memory.record(conversation, turn);
    return undefined;
  } catch (error) {
    if (!isDegradableFailure(error)) throw error;
    return { code: 'record-failed', detail: `turn ${turn.turnId}: ${failureMessage(error)}` };
  }
}
