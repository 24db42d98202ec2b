import { z } from 'zod';
import { memoryIdSchema } from './memory-id.js';
import { storedLayerSchema } from './memory-layer.js';
import {
  memoryContextSchema,
  memoryTextSchema,
  metadataSchema,
  salienceSchema,
} from './memory-record.js';

/**
 * Add a memory. `layer` defaults to `semantic`, `salience` to 0.5; `context`
 * (see {@link memoryContextSchema}) is searched, never rendered.
 */
export const addOpSchema = z
  .object({
    op: z.literal('add'),
    layer: storedLayerSchema.default('semantic'),
    text: memoryTextSchema,
    salience: salienceSchema.default(0.5),
    metadata: metadataSchema.optional(),
    context: memoryContextSchema.optional(),
  })
  .strict();

/**
 * Replace a memory's text (and optionally its salience); the prior version
 * stays in history. `context` left out keeps the memory's context, a string
 * replaces it, `null` removes it.
 */
export const updateOpSchema = z
  .object({
    op: z.literal('update'),
    id: memoryIdSchema,
    text: memoryTextSchema,
    salience: salienceSchema.optional(),
    context: memoryContextSchema.nullable().optional(),
  })
  .strict();

/** Remove a memory from retrieval; a tombstone stays in history. */
export const deleteOpSchema = z
  .object({
    op: z.literal('delete'),
    id: memoryIdSchema,
  })
  .strict();

/** One write, discriminated on `op`: `add`, `update` or `delete`. */
export const memoryOpSchema = z.discriminatedUnion('op', [
  addOpSchema,
  updateOpSchema,
  deleteOpSchema,
]);

/** A validated memory operation. */
export type MemoryOp = z.infer<typeof memoryOpSchema>;

/** A memory operation as a caller writes it (defaults not yet applied). */
export type MemoryOpInput = z.input<typeof memoryOpSchema>;
