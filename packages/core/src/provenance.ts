import { z } from 'zod';
import { Limits } from './limits.js';

/**
 * Who wrote a memory and from what: the `writer` (an agent, an importer, a
 * person), the conversation turn it came from, and the provider family of the
 * model reply it was read out of. Provenance never decides ownership: the
 * scope a write is applied to does.
 */
export const provenanceSchema = z
  .object({
    writer: z.string().min(1).max(Limits.id),
    turnId: z.string().min(1).max(Limits.id).optional(),
    replyFamily: z.string().min(1).max(Limits.id).optional(),
  })
  .strict();

/** `{ writer, turnId?, replyFamily? }`. */
export type Provenance = z.infer<typeof provenanceSchema>;
