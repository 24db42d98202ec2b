/** Every string inside `value`, however deep (object values and array items), in order. */
export function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringLeaves);
}
