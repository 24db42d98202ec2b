import { compareCodePoints } from '@symfonic/core';

/**
 * A copy of a JSON value whose object keys are in code point order, at every
 * depth. Stores keep metadata keys in different orders (PostgreSQL's `jsonb`
 * orders them by length first), so a dump writes them sorted: the same
 * memories give the same dump, line for line, from every store.
 */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value).sort(compareCodePoints);
  return Object.fromEntries(
    keys.map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
