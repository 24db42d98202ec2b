import { Limits, type MemoryOpInput, normalizeMemoryText } from '@symfonic/core';
import { instructionPlaceholders } from '../instructions.js';
import { isRecord } from '../is-record.js';
import { idFromModelReason, modelOpSchema } from '../tools/model-op.js';
import { RememberRejectionCode } from './remember-outcome.js';

const placeholders: ReadonlySet<string> = new Set(instructionPlaceholders.map(normalizeMemoryText));

/** A model op made a core op, or the code and reason it is refused with. */
export type ModelOpTranslation =
  | { readonly ok: true; readonly op: MemoryOpInput; readonly ref?: string }
  | { readonly ok: false; readonly code: RememberRejectionCode; readonly reason: string };

/**
 * Validate one op of a model's reply with {@link modelOpSchema} and make it
 * a core op: a `ref` becomes the memory id `refs` maps it to. A ref `refs`
 * does not hold is refused as `unknown-ref` (the model invented it). An op
 * carrying an `id` is refused as `id-from-model`: a model names a memory only
 * by a ref of the block it was shown, so it can never reach a memory it was
 * not shown. Text that is a placeholder of the instructions' format example
 * (a model copying it) is `invalid-op`. Text over the limit is `text-too-long`, anything else malformed
 * `invalid-op` naming the field, never its value.
 *
 * @returns never throws.
 */
export function translateModelOp(
  input: unknown,
  refs: Readonly<Record<string, string>>,
): ModelOpTranslation {
  try {
    return translateParsedOp(input, refs);
  } catch {
    // Only the op's own code (a getter, a proxy trap) can throw: an op that cannot be read is malformed.
    return { ok: false, code: RememberRejectionCode.invalidOp, reason: 'the op could not be read' };
  }
}

function translateParsedOp(
  input: unknown,
  refs: Readonly<Record<string, string>>,
): ModelOpTranslation {
  if (isRecord(input) && Object.hasOwn(input, 'id')) {
    return {
      ok: false,
      code: RememberRejectionCode.idFromModel,
      reason: idFromModelReason,
    };
  }
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
  if (op.op !== 'delete' && placeholders.has(normalizeMemoryText(op.text))) {
    return {
      ok: false,
      code: RememberRejectionCode.invalidOp,
      reason: 'the text is a format example of the memory instructions, not a memory',
    };
  }
  if (op.op === 'add') {
    return {
      ok: true,
      op: { op: 'add', layer: op.layer, text: op.text, salience: op.salience },
    };
  }
  const id = Object.hasOwn(refs, op.ref) ? refs[op.ref] : undefined;
  if (typeof id !== 'string') {
    return {
      ok: false,
      code: RememberRejectionCode.unknownRef,
      reason: 'the ref names no memory of the block this reply was written from',
    };
  }
  const core: MemoryOpInput =
    op.op === 'delete'
      ? { op: 'delete', id }
      : {
          op: 'update',
          id,
          text: op.text,
          ...(op.salience === undefined ? {} : { salience: op.salience }),
        };
  return { ok: true, op: core, ref: op.ref };
}
