import { z } from 'zod';
import { Limits } from './limits.js';

/**
 * What a segment cannot hold: `/`, control, format (bidi, zero-width) and
 * line-separator characters, and lone UTF-16 surrogates. A lone surrogate has
 * no UTF-8 form: PostgreSQL drivers store it as U+FFFD, so `user:ab\uD83D`
 * would come back as the different, valid scope `user:ab\uFFFD` (half an
 * emoji is what `name.slice(0, n)` leaves).
 */
const forbidden = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}/]/u;

/** `U+200D`: how a refusal names a character without quoting the value it sits in. */
function codePointName(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0;
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * One scope segment (a tenant id or a path segment): non-empty, at most
 * {@link Limits.segmentLength} code units, no `/` (the separator of the
 * string form), no control, format or line-separator character, no lone
 * UTF-16 surrogate, and not `.` or `..`. A refusal names the offending
 * character by its code point (`U+200D`), never the segment.
 */
export const scopeSegmentSchema = z
  .string()
  .min(1, 'a scope segment cannot be empty')
  .max(Limits.segmentLength, `a scope segment has at most ${Limits.segmentLength} characters`)
  .superRefine((segment, context) => {
    const character = forbidden.exec(segment)?.[0];
    if (character === undefined) return;
    context.addIssue({
      code: 'custom',
      message:
        character === '/'
          ? 'a scope segment cannot contain "/" (U+002F), the separator of the string form'
          : `a scope segment cannot contain ${codePointName(character)} (control, format, line-separator characters and lone surrogates are refused)`,
    });
  })
  .refine((segment) => segment !== '.' && segment !== '..', {
    message: 'a scope segment cannot be "." or ".."',
  });

/**
 * Where a memory lives: a tenant and an ordered path of segments below it,
 * e.g. `{ tenant: 'acme', path: ['user:42', 'conversation:7'] }`.
 *
 * Segments are compared exactly (code point by code point): `user:1` and
 * `user:10` are different segments, and no normalisation merges look-alikes.
 */
export const memoryScopeSchema = z
  .object({
    tenant: scopeSegmentSchema,
    path: z
      .array(scopeSegmentSchema)
      .max(Limits.pathDepth, `a scope path has at most ${Limits.pathDepth} segments`),
  })
  .strict();

/** A tenant and a path of segments below it. */
export type MemoryScope = z.infer<typeof memoryScopeSchema>;
