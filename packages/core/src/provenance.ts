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

/** A field a provenance does not hold (as opposed to one holding `undefined`, which is left to the schema). */
const missing = Symbol('missing');

/** Whether `value` is an id-like string {@link provenanceSchema} accepts in each of its fields. */
function isProvenanceField(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= Limits.id;
}

/**
 * The provenance {@link provenanceSchema} makes of `value` when it is a
 * plain object it accepts (each field present is a string), a fresh frozen
 * copy in the schema's key order; `undefined` for anything else, which the schema
 * then decides and words.
 */
export function plainProvenance(value: unknown): Provenance | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  for (const key of Object.keys(value)) {
    if (key !== 'writer' && key !== 'turnId' && key !== 'replyFamily') return undefined;
  }
  const own = (key: string) =>
    Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : missing;
  const writer = own('writer');
  const turnId = own('turnId');
  const replyFamily = own('replyFamily');
  if (!isProvenanceField(writer)) return undefined;
  if (turnId !== missing && !isProvenanceField(turnId)) return undefined;
  if (replyFamily !== missing && !isProvenanceField(replyFamily)) return undefined;
  if (turnId === missing) {
    return Object.freeze(replyFamily === missing ? { writer } : { writer, replyFamily });
  }
  return Object.freeze(
    replyFamily === missing ? { writer, turnId } : { writer, turnId, replyFamily },
  );
}
