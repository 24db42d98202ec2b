import { RejectionCode } from './apply-result.js';
import { Limits } from './limits.js';
import { type MemoryOp, memoryOpSchema } from './memory-op.js';

/** The outcome of validating one op: the parsed op, or the code and reason it is refused with. */
export type OpValidation =
  | { readonly ok: true; readonly op: MemoryOp }
  | { readonly ok: false; readonly code: RejectionCode; readonly reason: string };

/**
 * Validate one untrusted op against {@link memoryOpSchema}, so that every
 * store refuses the same inputs with the same codes. Text or context over its
 * limit is `text-too-long` (never truncated); any other problem is `invalid-op`, with
 * the offending field named but never its value.
 *
 * @returns never throws.
 */
export function validateMemoryOp(input: unknown): OpValidation {
  const parsed = memoryOpSchema.safeParse(input);
  if (parsed.success) return { ok: true, op: parsed.data };
  const tooLong = parsed.error.issues.find(
    (issue) =>
      issue.code === 'too_big' &&
      issue.path.length === 1 &&
      (issue.path[0] === 'text' || issue.path[0] === 'context'),
  );
  if (tooLong) {
    const field = tooLong.path[0] as 'text' | 'context';
    const limit = field === 'text' ? Limits.memoryText : Limits.memoryContext;
    return {
      ok: false,
      code: RejectionCode.textTooLong,
      reason: `the ${field} is longer than ${limit} characters`,
    };
  }
  const first = parsed.error.issues[0];
  const where = first && first.path.length > 0 ? ` at "${first.path.join('.')}"` : '';
  return {
    ok: false,
    code: RejectionCode.invalidOp,
    reason: `not a valid memory op${where}: ${first?.message ?? 'invalid input'}`,
  };
}
