import { z } from 'zod';
import { Limits } from './limits.js';
import { salienceSchema } from './memory-record.js';

/**
 * Options of `PinnedMemorySource.pinned`: `minSalience`, the lowest salience
 * answered (0 to 1), and `limit`, the most memories answered (a whole number
 * from 0 to {@link Limits.queryLimit}). Every store validates with it.
 */
export const pinnedOptionsSchema = z
  .object({
    minSalience: salienceSchema,
    limit: z.number().int().min(0).max(Limits.queryLimit),
  })
  .strict();

/** `{ minSalience, limit }`. */
export type PinnedOptions = z.infer<typeof pinnedOptionsSchema>;
