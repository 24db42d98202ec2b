/** Whether `value` is a non-array object whose fields can be looked up by name. */
export function isRecord(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
