import { z } from 'zod';
import { Limits } from './limits.js';

const forbidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/]/u;

/**
 * One scope segment (a tenant id or a path segment): non-empty, at most
 * {@link Limits.segmentLength} code units, no `/` (the separator of the
 * string form), no control, format or line-separator characters, and not
 * `.` or `..`.
 */
export const scopeSegmentSchema = z
  .string()
  .min(1, 'a scope segment cannot be empty')
  .max(Limits.segmentLength, `a scope segment has at most ${Limits.segmentLength} characters`)
  .refine((segment) => !forbidden.test(segment), {
    message: 'a scope segment cannot contain "/", control, format or line-separator characters',
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
