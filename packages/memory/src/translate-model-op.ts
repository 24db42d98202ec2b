import { Limits, type MemoryOpInput } from '@symfonic/core';
import { modelOpSchema } from './model-op.js';
import { RememberRejectionCode } from './remember-outcome.js';

/** A model op made a core op, or the code and reason it is refused with. */
export type ModelOpTranslation =
  | { readonly ok: true; readonly op: MemoryOpInput; readonly ref?: string }
  | { readonly ok: false; readonly code: RememberRejectionCode; readonly reason: string };

/**
 * Validate one op of a model's reply with {@link modelOpSchema} and make it
 * a core op: a `ref` becomes the memory id `refs` maps it to. A ref `refs`
 * does not hold is refused as `unknown-ref` (the model invented it); an `id`
 * is passed on as it is, and a store reports an id the scope cannot see as
 * `unknown-id`. Text over the limit is `text-too-long`, anything else
 * malformed `invalid-op` naming the field, never its value.
 *
 * @returns never throws.
 */
export function translateModelOp(
  input: unknown,
  refs: Readonly<Record<string, string>>,
): ModelOpTranslation {
  const parsed = modelOpSchema.safeParse(input);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some(
      (issue) => issue.code === 'too_big' && issue.path.length === 1 && issue.path[0] === 'text',
    );
    if (tooLong) {
      return {
        ok: false,
        code: RememberRejectionCode.textTooLong,
        reason: `the text is longer than ${Limits.memoryText} characters`,
      };
    }
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` at "${first.path.join('.')}"` : '';
    return {
      ok: false,
      code: RememberRejectionCode.invalidOp,
      reason: `not a valid memory op${where}: ${first?.message ?? 'invalid input'}`,
    };
  }
  const op = parsed.data;
  if (op.op === 'add') {
    return {
      ok: true,
      op: { op: 'add', layer: op.layer, text: op.text, salience: op.salience },
    };
  }
  let id = op.id;
  if (op.ref !== undefined) {
    const mapped = Object.hasOwn(refs, op.ref) ? refs[op.ref] : undefined;
    if (typeof mapped !== 'string') {
      return {
        ok: false,
        code: RememberRejectionCode.unknownRef,
        reason: 'the ref names no memory of the block this reply was written from',
      };
    }
    id = mapped;
  }
  const memoryId = id as string;
  const core: MemoryOpInput =
    op.op === 'delete'
      ? { op: 'delete', id: memoryId }
      : {
          op: 'update',
          id: memoryId,
          text: op.text,
          ...(op.salience === undefined ? {} : { salience: op.salience }),
        };
  return op.ref === undefined ? { ok: true, op: core } : { ok: true, op: core, ref: op.ref };
}
