import { z } from 'zod';
import { Limits } from './limits.js';
import { memoryIdSchema } from './memory-id.js';
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

/**
 * A memory's context: text a store searches beside the memory's own, with
 * less weight, that is never rendered into a memory block (e.g. the turn a
 * remark answers, so "A sunset over the lake" is found for "What did you
 * paint?"). At most {@link Limits.memoryContext} code points, non-empty after
 * trimming; stored exactly as written.
 */
export const memoryContextSchema = z
  .string()
  .max(Limits.memoryContext, `a memory context has at most ${Limits.memoryContext} characters`)
  .refine((context) => context.trim().length > 0, {
    message: 'a memory context cannot be empty (leave it out instead)',
  });

/** Salience: how much a memory matters, from 0 (trivia) to 1 (must not be forgotten). */
export const salienceSchema = z.number().min(0).max(1);

const jsonRecordSchema = z.record(z.string(), z.json());

/**
 * The path of the first `__proto__` key anywhere in `value`, or `undefined`.
 * Parsing would drop such a key silently (assigning it sets a prototype), so
 * it is looked for in the input itself, iteratively and once per object.
 */
function prototypeKeyPath(value: unknown): (string | number)[] | undefined {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  const seen = new Set<object>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const current = next.value;
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    for (const key of Object.keys(current)) {
      const path = [...next.path, Array.isArray(current) ? Number(key) : key];
      if (key === '__proto__') return path;
      pending.push({ value: (current as Record<string, unknown>)[key], path });
    }
  }
  return undefined;
}

/**
 * Free-form JSON metadata. It is stored and returned, and never decides scope
 * or ownership. A `__proto__` key, at any depth, is refused (naming where),
 * never dropped: a metadata key that vanishes is data nobody asked to lose.
 */
export const metadataSchema = z
  .unknown()
  .superRefine((value, context) => {
    const path = prototypeKeyPath(value);
    if (path === undefined) return;
    context.addIssue({
      code: 'custom',
      path,
      message: 'a metadata key cannot be "__proto__" (it would be dropped, not stored)',
    });
  })
  // The check reads the raw input, hence `unknown` first; callers still write a JSON record.
  .pipe(jsonRecordSchema) as unknown as z.ZodType<
  z.output<typeof jsonRecordSchema>,
  z.input<typeof jsonRecordSchema>
>;

/** One stored memory, as every store returns it. */
export const memoryRecordSchema = z.object({
  id: memoryIdSchema,
  scope: memoryScopeSchema,
  layer: memoryLayerSchema,
  text: memoryTextSchema,
  salience: salienceSchema,
  provenance: provenanceSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
  metadata: metadataSchema.optional(),
  context: memoryContextSchema.optional(),
});

/** `{ id, scope, layer, text, salience, provenance, createdAt, updatedAt, metadata?, context? }`. */
export type MemoryRecord = z.infer<typeof memoryRecordSchema>;

/**
 * A record with the relevance a retrieval gave it (higher is better; the
 * scale is the store's) and, when the store ranked by vectors and holds a
 * vector of the record, `similarity`: the cosine similarity of the cue's
 * vector and the record's, -1 to 1, on the same scale whatever the store, so
 * a caller that needs it never embeds the cue or the text again. Absent when
 * the store ranked by words alone or the record has no vector of the store's
 * model.
 */
export const scoredMemorySchema = z.object({
  record: memoryRecordSchema,
  relevance: z.number(),
  similarity: z.number().min(-1).max(1).optional(),
});

/** `{ record, relevance, similarity? }`. */
export type ScoredMemory = z.infer<typeof scoredMemorySchema>;
