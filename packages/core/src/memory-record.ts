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

/** Whether `value` is a text {@link memoryTextSchema} accepts (the same rules, without a refusal). */
export function isMemoryText(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= Limits.memoryText &&
    value.trim().length > 0 &&
    !rendersBlank(value)
  );
}

/** Whether `value` is a context {@link memoryContextSchema} accepts (the same rules, without a refusal). */
export function isMemoryContext(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= Limits.memoryContext && value.trim().length > 0
  );
}

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

/** How deep {@link plainMetadata} reads nested JSON before it leaves the value to the schema. */
const plainDepth = 64;

/**
 * The metadata {@link metadataSchema} makes of `value` when `value` is plain
 * JSON it accepts (plain objects and arrays, no `__proto__` key, no symbol
 * key, finite numbers), a fresh copy as the schema returns it, frozen; `undefined`
 * for anything else (nesting deeper than 64 levels included), which the
 * schema then decides and words. Never accepts what the schema refuses.
 */
export function plainMetadata(value: unknown): Record<string, JsonValue> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const copy = plainJson(value, 0);
  return copy === undefined ? undefined : (copy as Record<string, JsonValue>);
}

/** A JSON value as metadata holds it. */
type JsonValue = z.infer<ReturnType<typeof z.json>>;

function plainJson(value: unknown, depth: number): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'object' || depth >= plainDepth) return undefined;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
    const items: JsonValue[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const item = plainJson(value[index], depth + 1);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return Object.freeze(items) as JsonValue[];
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  if (Object.getOwnPropertySymbols(value).length > 0) return undefined;
  const record: Record<string, JsonValue> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return undefined;
    const item = plainJson((value as Record<string, unknown>)[key], depth + 1);
    if (item === undefined) return undefined;
    record[key] = item;
  }
  return Object.freeze(record);
}

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
