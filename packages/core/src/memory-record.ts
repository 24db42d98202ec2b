import { z } from 'zod';
import { Limits } from './limits.js';
import { memoryLayerSchema } from './memory-layer.js';
import { memoryScopeSchema } from './memory-scope.js';
import { provenanceSchema } from './provenance.js';
import { rendersBlank } from './renders-blank.js';

/**
 * Memory text: at most {@link Limits.memoryText} code points, non-empty after
 * trimming, and showing a person something once rendered (see
 * {@link rendersBlank}: text of only zero-width, tag or other invisible
 * characters is refused). It is stored exactly as written.
 */
export const memoryTextSchema = z
  .string()
  .max(Limits.memoryText, `a memory text has at most ${Limits.memoryText} characters`)
  .refine((text) => text.trim().length > 0, { message: 'a memory text cannot be empty' })
  .refine((text) => text.trim().length === 0 || !rendersBlank(text), {
    message:
      'a memory text cannot render blank (it holds only spaces, controls or invisible characters)',
  });

/** Salience: how much a memory matters, from 0 (trivia) to 1 (must not be forgotten). */
export const salienceSchema = z.number().min(0).max(1);

/** Free-form JSON metadata. It is stored and returned, and never decides scope or ownership. */
export const metadataSchema = z.record(z.string(), z.json());

/** One stored memory, as every store returns it. */
export const memoryRecordSchema = z.object({
  id: z.string().min(1).max(Limits.id),
  scope: memoryScopeSchema,
  layer: memoryLayerSchema,
  text: memoryTextSchema,
  salience: salienceSchema,
  provenance: provenanceSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
  metadata: metadataSchema.optional(),
});

/** `{ id, scope, layer, text, salience, provenance, createdAt, updatedAt, metadata? }`. */
export type MemoryRecord = z.infer<typeof memoryRecordSchema>;

/** A record with the relevance a retrieval gave it (higher is better; the scale is the store's). */
export const scoredMemorySchema = z.object({
  record: memoryRecordSchema,
  relevance: z.number(),
});

/** `{ record, relevance }`. */
export type ScoredMemory = z.infer<typeof scoredMemorySchema>;
