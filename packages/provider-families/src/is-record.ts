/**
 * Whether `value` is a non-array object whose fields can be looked up by name. Class instances
 * and proxies qualify; reading their fields may still throw, which {@link readReply} contains.
 */
export function isRecord(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
