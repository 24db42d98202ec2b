import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { type MemoryScope, memoryScopeSchema } from './memory-scope.js';
import { parseInput } from './parse-input.js';

/** The separator of a scope's string form: `tenant/segment/segment`. */
export const scopeSeparator = '/';

/**
 * Whether a record at `recordScope` is visible to a query at `queryScope`:
 * the same tenant, and one path a prefix of the other, segment by segment.
 * Ancestors' facts and descendants' episodes are on the branch; siblings and
 * other tenants are not. `user:1` is not a prefix of `user:10`.
 */
export function isVisible(recordScope: MemoryScope, queryScope: MemoryScope): boolean {
  if (recordScope.tenant !== queryScope.tenant) return false;
  const shared = Math.min(recordScope.path.length, queryScope.path.length);
  for (let index = 0; index < shared; index += 1) {
    if (recordScope.path[index] !== queryScope.path[index]) return false;
  }
  return true;
}

/** Whether `inner` is `outer` or below it (the subtree `forget(outer)` erases). */
export function isWithin(inner: MemoryScope, outer: MemoryScope): boolean {
  return (
    inner.tenant === outer.tenant &&
    inner.path.length >= outer.path.length &&
    outer.path.every((segment, index) => inner.path[index] === segment)
  );
}

/** Whether two scopes are the same scope. */
export function sameScope(left: MemoryScope, right: MemoryScope): boolean {
  return left.path.length === right.path.length && isWithin(left, right);
}

/**
 * Validate an untrusted scope object.
 *
 * @throws InvalidMemoryInput with the zod issues when it is malformed.
 */
export function toScope(input: unknown): MemoryScope {
  return parseInput(memoryScopeSchema, input, 'memory scope');
}

/**
 * Parse the string form `tenant/segment/segment` into a scope.
 *
 * @throws InvalidMemoryInput for an empty string, an empty segment (`a//b`,
 * a trailing `/`), or any segment the schema refuses.
 */
export function parseScope(text: string): MemoryScope {
  if (typeof text !== 'string' || text.length === 0) {
    throw new InvalidMemoryInput('invalid memory scope: the scope string is empty');
  }
  const [tenant, ...path] = text.split(scopeSeparator);
  return toScope({ tenant, path });
}

/**
 * The string form of a scope, `tenant/segment/segment`; `parseScope`
 * round-trips it.
 *
 * @throws InvalidMemoryInput when `scope` is malformed.
 */
export function formatScope(scope: MemoryScope): string {
  const valid = toScope(scope);
  return [valid.tenant, ...valid.path].join(scopeSeparator);
}
