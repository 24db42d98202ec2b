import type { z } from 'zod';
import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { Limits } from '../limits.js';
import type { MemoryScope } from '../memory-scope.js';
import { parseInput } from '../parse-input.js';
import { requireWithin } from '../require-within.js';
import { isCheckedRestoreEntry } from './checked-restore-entry.js';
import { type RestoreBatch, restoreBatchSchema } from './restore-batch.js';

/**
 * A restore batch checked as every store checks it: parsed with
 * {@link restoreBatchSchema}, then every memory and turn placed at or below
 * `scope` (see {@link requireWithin}). A batch made only of entries
 * `checkRestoredMemory` and `checkLoggedTurn` checked (frozen, so as they
 * were checked) is not parsed again: only its size and keys are.
 *
 * @throws InvalidMemoryInput when the batch is malformed.
 * @throws ScopeViolation for the first entry outside `scope`.
 */
export function readRestoreBatch(
  scope: MemoryScope,
  batch: RestoreBatch,
): z.infer<typeof restoreBatchSchema> {
  const valid = checkedBatch(batch) ?? parseInput(restoreBatchSchema, batch, 'restore batch');
  requireWithin(valid.memories, scope);
  requireWithin(
    valid.turns.map((turn) => ({ id: turn.turnId, scope: turn.scope })),
    scope,
  );
  return valid;
}

/** `batch` as it is when every entry of it was checked already, else `undefined` (parse it). */
function checkedBatch(batch: RestoreBatch): z.infer<typeof restoreBatchSchema> | undefined {
  if (typeof batch !== 'object' || batch === null) return undefined;
  if (Object.keys(batch).some((key) => key !== 'memories' && key !== 'turns')) return undefined;
  const memories = batch.memories ?? [];
  const turns = batch.turns ?? [];
  if (!Array.isArray(memories) || !Array.isArray(turns)) return undefined;
  if (!memories.every(isCheckedRestoreEntry) || !turns.every(isCheckedRestoreEntry)) {
    return undefined;
  }
  if (memories.length + turns.length > Limits.restoreBatch) {
    throw new InvalidMemoryInput(
      `invalid restore batch: a restore batch holds at most ${Limits.restoreBatch} memories and turns together`,
    );
  }
  return { memories, turns } as z.infer<typeof restoreBatchSchema>;
}
