import { z } from 'zod';
import { Limits } from './limits.js';
import { memoryLayerSchema } from './memory-layer.js';

/** The page size of `MemoryStore.list` when none is asked for. */
export const defaultListLimit = 100;

/**
 * Options of `MemoryStore.list`: `layer`, `cursor` (the `nextCursor` of the
 * previous page, which the store that issued it decodes), and `limit`, the
 * page size (a whole number from 1 to {@link Limits.queryLimit},
 * {@link defaultListLimit} when left out). Every store validates with it.
 */
export const listOptionsSchema = z
  .object({
    layer: memoryLayerSchema.optional(),
    cursor: z.string().optional(),
    limit: z.number().int().min(1).max(Limits.queryLimit).default(defaultListLimit),
  })
  .strict();
