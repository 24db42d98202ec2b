import { z } from 'zod';
import { Limits } from './limits.js';
import { memoryIdSchema } from './memory-id.js';

/**
 * Options of `MemoryStore.listDeleted`: `cursor`, the `nextCursor` of the
 * previous page (the last id it held: pages run by id), and `limit`, the
 * page size (a whole number from 1 to {@link Limits.queryLimit}, 100 when
 * left out). Every store validates with it.
 */
export const listDeletedOptionsSchema = z
  .object({
    cursor: memoryIdSchema.optional(),
    limit: z.number().int().min(1).max(Limits.queryLimit).default(100),
  })
  .strict();
