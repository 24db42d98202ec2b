import { z } from 'zod';
import { Limits } from './limits.js';
import { memoryLayerSchema } from './memory-layer.js';
import { memoryScopeSchema } from './memory-scope.js';

/**
 * A retrieval: the asking scope, the cue text, at most `limit` memories,
 * optionally only some layers, and optional floors. A row under a floor is
 * reported in `dropped`, never silently left out.
 *
 * `window`, read by `scanCandidates` only, is how many rows each of the
 * source's rankings (full text, vectors) needs to contribute at most: a
 * caller that ranks candidates itself and wants only the best few asks for
 * fewer than the source's scan budget, which still bounds it. Absent, a scan
 * reads its whole budget. A source that does not rank in lists may answer
 * more; never fewer than it would within the window.
 */
export const memoryQuerySchema = z
  .object({
    scope: memoryScopeSchema,
    cue: z.string().max(Limits.cueText),
    limit: z.number().int().min(0).max(Limits.queryLimit),
    layers: z.array(memoryLayerSchema).min(1).optional(),
    minRelevance: z.number().optional(),
    minSalience: z.number().min(0).max(1).optional(),
    window: z.number().int().min(1).optional(),
  })
  .strict();

/** `{ scope, cue, limit, layers?, minRelevance?, minSalience?, window? }`. */
export type MemoryQuery = z.infer<typeof memoryQuerySchema>;
