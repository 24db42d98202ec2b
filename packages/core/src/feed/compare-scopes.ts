import type { MemoryScope } from '../memory-scope.js';
import { compareCodePoints } from './compare-code-points.js';

/**
 * The scope order of `scopes` and `turns`: by tenant, then segment by
 * segment (each code point by code point, see {@link compareCodePoints}), a
 * scope before the scopes below it. PostgreSQL orders `text[]` under the
 * `"C"` collation the same way.
 *
 * @returns a negative number, 0 or a positive number, as `Array.sort` wants.
 */
export function compareScopes(left: MemoryScope, right: MemoryScope): number {
  const tenant = compareCodePoints(left.tenant, right.tenant);
  if (tenant !== 0) return tenant;
  const shared = Math.min(left.path.length, right.path.length);
  for (let index = 0; index < shared; index += 1) {
    const segment = compareCodePoints(left.path[index] as string, right.path[index] as string);
    if (segment !== 0) return segment;
  }
  return left.path.length - right.path.length;
}
