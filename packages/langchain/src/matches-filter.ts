import { InvalidMemoryInput } from '@symfonic/core';
import { canonicalJson } from './canonical-json.js';

const comparisons = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);

const isOperatorObject = (condition: unknown): condition is Record<string, unknown> =>
  typeof condition === 'object' &&
  condition !== null &&
  !Array.isArray(condition) &&
  Object.keys(condition).length > 0 &&
  Object.keys(condition).every((key) => key.startsWith('$'));

const equal = (left: unknown, right: unknown) => canonicalJson(left) === canonicalJson(right);

function compare(actual: unknown, operator: string, expected: unknown): boolean {
  switch (operator) {
    case '$eq':
      return equal(actual, expected);
    case '$ne':
      return !equal(actual, expected);
  }
  const comparable =
    (typeof actual === 'number' && typeof expected === 'number') ||
    (typeof actual === 'string' && typeof expected === 'string');
  if (!comparable) return false;
  const [left, right] = [actual as number | string, expected as number | string];
  switch (operator) {
    case '$gt':
      return left > right;
    case '$gte':
      return left >= right;
    case '$lt':
      return left < right;
    default:
      return left <= right;
  }
}

/**
 * Whether `value` passes a LangGraph search `filter`: every field of the
 * filter matches the value's field of that name, exactly (a JSON-equal
 * value) or by operators (`$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`; an
 * ordering compares two numbers or two strings, anything else fails it).
 *
 * @throws InvalidMemoryInput for an operator LangGraph does not define.
 */
export function matchesFilter(
  value: Record<string, unknown>,
  filter: Record<string, unknown> | undefined,
): boolean {
  for (const [field, condition] of Object.entries(filter ?? {})) {
    const actual = value[field];
    if (!isOperatorObject(condition)) {
      if (!equal(actual, condition)) return false;
      continue;
    }
    for (const [operator, expected] of Object.entries(condition)) {
      if (!comparisons.has(operator)) {
        throw new InvalidMemoryInput(`unknown filter operator "${operator}" on field "${field}"`);
      }
      if (!compare(actual, operator, expected)) return false;
    }
  }
  return true;
}
