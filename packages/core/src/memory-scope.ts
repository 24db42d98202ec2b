import { z } from 'zod';
import { codePointName } from './code-point-name.js';
import { Limits } from './limits.js';

/**
 * What a segment cannot hold: `/`, control, format (bidi, zero-width) and
 * line-separator characters, and lone UTF-16 surrogates. A lone surrogate has
 * no UTF-8 form: PostgreSQL drivers store it as U+FFFD, so `user:ab\uD83D`
 * would come back as the different, valid scope `user:ab\uFFFD` (half an
 * emoji is what `name.slice(0, n)` leaves).
 */
const forbidden = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}/]/u;

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

const scopeObjectSchema = z
  .object({
    tenant: scopeSegmentSchema,
    path: z
      .array(scopeSegmentSchema)
      .max(Limits.pathDepth, `a scope path has at most ${Limits.pathDepth} segments`),
  })
  .strict();

/** Whether `owner` holds `key` as its own data property (not inherited, not a getter). */
function ownData(owner: object, key: PropertyKey): { value: unknown } | 'accessor' | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(owner, key);
  if (descriptor === undefined) return undefined;
  return 'value' in descriptor ? { value: descriptor.value } : 'accessor';
}

/**
 * A plain copy of a scope input made of its own data properties only, each
 * read once: a tenant inherited from a prototype is absent, and a value
 * behind a getter (which could answer one thing to validation and another
 * later) is refused. A path given as a string (`path: 'user:42'`) is refused
 * saying it must be a list. A path longer than the limit is refused by its
 * length, before any element is read.
 */
function ownDataScope(input: unknown, context: z.RefinementCtx): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const copy: [string, unknown][] = [];
  for (const key of Object.keys(input)) {
    const field = ownData(input, key);
    if (field === 'accessor') {
      context.addIssue({
        code: 'custom',
        message: 'a scope field must be a data property, not a getter',
      });
      return z.NEVER;
    }
    copy.push([key, field?.value]);
  }
  const scope = Object.fromEntries(copy);
  const path: unknown = scope.path;
  if (typeof path === 'string') {
    context.addIssue({
      code: 'custom',
      path: ['path'],
      message:
        'a scope path is a list of segments, not a string: write path: ["user:42"], not path: "user:42" (parseScope reads the string form "acme/user:42")',
    });
    return z.NEVER;
  }
  if (!Array.isArray(path) || path.length > Limits.pathDepth) return scope;
  const segments: unknown[] = [];
  for (let index = 0; index < path.length; index += 1) {
    const segment = ownData(path, index);
    if (segment === 'accessor') {
      context.addIssue({
        code: 'custom',
        path: ['path', index],
        message: 'a scope segment must be a data property, not a getter',
      });
      return z.NEVER;
    }
    segments.push(segment?.value);
  }
  return { ...scope, path: segments };
}

/**
 * Where a memory lives: a tenant and an ordered path of segments below it,
 * e.g. `{ tenant: 'acme', path: ['user:42', 'conversation:7'] }`. Only own
 * data properties are read (see `ownDataScope`); extra fields are refused.
 *
 * Segments are compared exactly (code point by code point): `user:1` and
 * `user:10` are different segments, and no normalisation merges look-alikes.
 */
export const memoryScopeSchema = z
  .unknown()
  .transform(ownDataScope)
  // The copy reads the raw input, hence `unknown` first; callers still write a scope object.
  .pipe(scopeObjectSchema) as unknown as z.ZodType<
  z.output<typeof scopeObjectSchema>,
  z.input<typeof scopeObjectSchema>
>;

/** A tenant and a path of segments below it. */
export type MemoryScope = z.infer<typeof memoryScopeSchema>;

/** Whether `value` is a segment {@link scopeSegmentSchema} accepts (the same rules, without a refusal). */
function isScopeSegment(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= Limits.segmentLength &&
    !forbidden.test(value) &&
    value !== '.' &&
    value !== '..'
  );
}

/**
 * Whether `value` is a plain object (`{}` or `Object.create(null)`) whose own
 * enumerable keys are exactly `keys`, each a data property (not a getter).
 */
export function hasOnlyDataKeys(value: object, keys: readonly string[]): boolean {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const own = Object.keys(value);
  if (own.length !== keys.length) return false;
  for (const key of own) {
    if (!keys.includes(key)) return false;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !('value' in descriptor)) return false;
  }
  return true;
}

/**
 * The scope {@link memoryScopeSchema} makes of `value` when `value` is a
 * plain scope it accepts (a plain object of two own data properties, a
 * `tenant` and a plain `path` array of own data segments, all valid), a
 * fresh copy as the schema returns it, frozen; `undefined` for anything else,
 * which the schema then decides and words. Never accepts what the schema
 * refuses.
 */
export function plainScope(value: unknown): MemoryScope | undefined {
  if (typeof value !== 'object' || value === null || !hasOnlyDataKeys(value, ['tenant', 'path'])) {
    return undefined;
  }
  const { tenant, path } = value as { tenant: unknown; path: unknown };
  if (!isScopeSegment(tenant) || !Array.isArray(path)) return undefined;
  if (Object.getPrototypeOf(path) !== Array.prototype || path.length > Limits.pathDepth) {
    return undefined;
  }
  const segments: string[] = [];
  for (let index = 0; index < path.length; index += 1) {
    const descriptor = Object.getOwnPropertyDescriptor(path, index);
    if (descriptor === undefined || !('value' in descriptor)) return undefined;
    if (!isScopeSegment(descriptor.value)) return undefined;
    segments.push(descriptor.value);
  }
  return Object.freeze({ tenant, path: Object.freeze(segments) as string[] });
}
