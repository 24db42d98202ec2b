import { Limits, memoryTextSchema, salienceSchema, storedLayerSchema } from '@symfonic/core';
import { z } from 'zod';

const ref = z
  .string()
  .min(1)
  .max(Limits.id)
  .describe('the ref of a memory of the block, written exactly as shown there, such as "#3"');

const text = memoryTextSchema.describe(
  `one self-contained statement, at most ${Limits.memoryText} characters`,
);

const salience = salienceSchema.describe('how much it matters, from 0 (trivia) to 1 (critical)');

/** Why an op naming a memory by `id` is refused: the same words through every path. */
export const idFromModelReason =
  'a model names a memory only by a ref of its memory block, never by id (ids are for applications writing to the store directly)';

/**
 * Refuses an `id` field. The objects are loose (unknown fields pass through,
 * and are ignored by `remember`), so a validator in front of `remember` (an
 * SDK parsing tool input with this schema) sees the `id` and refuses it with
 * the reason, instead of stripping it.
 */
function withoutId<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape).refine((op) => !Object.hasOwn(op, 'id'), {
    message: idFromModelReason,
    path: ['id'],
    // Said even when another field is wrong too (a delete naming an id has no ref).
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
}

/**
 * `{ "op": "add", "layer"?, "text", "salience"? }`: a new memory; `layer`
 * `semantic` (what is true) or `episodic` (what happened), default
 * `semantic`; `salience` 0..1, default 0.5.
 */
export const modelAddOpSchema = withoutId({
  op: z.literal('add'),
  layer: storedLayerSchema
    .default('semantic')
    .describe('"semantic" for a lasting fact, "episodic" for an event'),
  text,
  salience: salience.default(0.5),
});

/** `{ "op": "update", "ref", "text", "salience"? }`: rewrite a memory of the block (its history keeps the old text). */
export const modelUpdateOpSchema = withoutId({
  op: z.literal('update'),
  ref,
  text,
  salience: salience.optional(),
});

/** `{ "op": "delete", "ref" }`: retire a memory of the block (its history keeps a tombstone). */
export const modelDeleteOpSchema = withoutId({
  op: z.literal('delete'),
  ref,
});

/**
 * One op as a model writes it, discriminated on `op`. A model names an
 * existing memory only by the `ref` its memory block rendered, never by id:
 * it can change only what it was shown (ids stay for applications calling a
 * store's `apply`). Fields it does not know (a model's `"reason"`, or a
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

/**
 * The payload a model answers, in its answer text or as the input of the
 * memory tool call: `{ "ops": [ … ] }`.
 */
export const modelOpsPayloadSchema = z.object({
  ops: z.array(modelOpSchema).describe('the changes to what is remembered, in order'),
});
