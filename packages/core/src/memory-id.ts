import { z } from 'zod';
import { codePointName } from './code-point-name.js';
import { Limits } from './limits.js';

/** What no id holds: control and format characters (NUL, U+FEFF…) and lone UTF-16 surrogates. */
const forbidden = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/**
 * A memory id, as `get`, `history`, `update` and `delete` take it: non-empty,
 * at most {@link Limits.id} code points, holding no control or format
 * character and no lone UTF-16 surrogate. Stores issue ids that satisfy it,
 * so every store refuses the same malformed ids the same way (`invalid-op` in
 * an op, `InvalidMemoryInput` in a read) instead of one answering "not found"
 * and another failing on what its database cannot hold.
 */
export const memoryIdSchema = z
  .string()
  .min(1, 'a memory id cannot be empty')
  .max(Limits.id, `a memory id has at most ${Limits.id} characters`)
  .superRefine((id, context) => {
    const character = forbidden.exec(id)?.[0];
    if (character === undefined) return;
    context.addIssue({
      code: 'custom',
      message: `a memory id cannot contain ${codePointName(character)} (control, format characters and lone surrogates are refused)`,
    });
  });

/**
 * Whether `value` is an id {@link memoryIdSchema} accepts (the same rules,
 * without building a refusal): for a reader that takes the common case
 * without the schema and lets the schema word what it refuses.
 */
export function isMemoryId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= Limits.id &&
    !forbidden.test(value)
  );
}
