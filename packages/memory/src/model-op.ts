import { Limits, memoryTextSchema, salienceSchema, storedLayerSchema } from '@symfonic/core';
import { z } from 'zod';

const target = z.string().min(1).max(Limits.id);

/** Names a memory by exactly one of `ref` (as rendered in the block, e.g. `"#3"`) or `id`. */
function namesOneMemory(op: { ref?: string | undefined; id?: string | undefined }): boolean {
  return (op.ref === undefined) !== (op.id === undefined);
}
const oneTarget = {
  message: 'an op names its memory by "ref" or by "id", exactly one of them',
};

/**
 * `{ "op": "add", "layer"?, "text", "salience"? }`: a new memory; `layer`
 * `semantic` (what is true) or `episodic` (what happened), default
 * `semantic`; `salience` 0..1, default 0.5.
 */
export const modelAddOpSchema = z.object({
  op: z.literal('add'),
  layer: storedLayerSchema.default('semantic'),
  text: memoryTextSchema,
  salience: salienceSchema.default(0.5),
});

/** `{ "op": "update", "ref" | "id", "text", "salience"? }`: rewrite a memory (its history keeps the old text). */
export const modelUpdateOpSchema = z
  .object({
    op: z.literal('update'),
    ref: target.optional(),
    id: target.optional(),
    text: memoryTextSchema,
    salience: salienceSchema.optional(),
  })
  .refine(namesOneMemory, oneTarget);

/** `{ "op": "delete", "ref" | "id" }`: retire a memory (its history keeps a tombstone). */
export const modelDeleteOpSchema = z
  .object({
    op: z.literal('delete'),
    ref: target.optional(),
    id: target.optional(),
  })
  .refine(namesOneMemory, oneTarget);

/**
 * One op as a model writes it, discriminated on `op`. Unlike core's
 * `memoryOpSchema` an op may name a memory by the short `ref` the memory
 * block rendered, and fields it does not know (a model's `"reason"`, or a
 * `"scope"` it has no say over) are ignored: the scope of a write is always
 * the one `remember` is called with. Usable as a structured-output schema.
 */
export const modelOpSchema = z.discriminatedUnion('op', [
  modelAddOpSchema,
  modelUpdateOpSchema,
  modelDeleteOpSchema,
]);

/** A parsed model op. */
export type ModelOp = z.infer<typeof modelOpSchema>;

/** The payload a model answers: `{ "ops": [ … ] }`. */
export const modelOpsPayloadSchema = z.object({ ops: z.array(modelOpSchema) });
