import type { z } from 'zod';
import type { MemoryScope } from '../memory-scope.js';
import { parseInput } from '../parse-input.js';
import { requireWithin } from '../require-within.js';
import { type RestoreBatch, restoreBatchSchema } from './restore-batch.js';

/**
 * A restore batch checked as every store checks it: parsed with
 * {@link restoreBatchSchema}, then every memory and turn placed at or below
 * `scope` (see {@link requireWithin}).
 *
 * @throws InvalidMemoryInput when the batch is malformed.
 * @throws ScopeViolation for the first entry outside `scope`.
 */
export function readRestoreBatch(
  scope: MemoryScope,
  batch: RestoreBatch,
): z.infer<typeof restoreBatchSchema> {
  const valid = parseInput(restoreBatchSchema, batch, 'restore batch');
  requireWithin(valid.memories, scope);
  requireWithin(
    valid.turns.map((turn) => ({ id: turn.turnId, scope: turn.scope })),
    scope,
  );
  return valid;
}
