/**
 * Whether `value` is a non-array object whose fields can be looked up by name: the one check
 * every reader of untrusted JSON-like input (a provider's reply, a model's ops object) starts
 * from. Class instances and proxies qualify; reading their fields may still throw, which the
 * caller contains.
 *
 * @returns `true` for any non-null, non-array object; never throws.
 */
export function isRecord(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
