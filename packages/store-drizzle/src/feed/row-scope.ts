import { type MemoryScope, MemoryUnavailable } from '@symfonic/core';
import { scopePlacement } from '../scope/scope-placement.js';

/**
 * The scope of a row of `memory_versions` or `turns` read for `asking`:
 * from its `path`, or, on a row written before rows kept their path, from
 * the asking scope when the row sits at it or one of its ancestors.
 *
 * @throws MemoryUnavailable for an older row below the asking scope whose
 * scope no memory named when the store was migrated: its key is a digest,
 * so the store cannot say where the row is, and it says so rather than
 * leave the row out.
 */
export function rowScope(
  row: { readonly tenant: string; readonly scopeKey: string; readonly path: string[] | null },
  asking: MemoryScope,
): MemoryScope {
  if (row.path !== null) return { tenant: row.tenant, path: [...row.path] };
  const depth = scopePlacement(asking).ancestorKeys.indexOf(row.scopeKey);
  if (row.tenant === asking.tenant && depth !== -1) {
    return { tenant: asking.tenant, path: asking.path.slice(0, depth) };
  }
  throw new MemoryUnavailable(
    'a row written before this store kept scope paths sits at a scope below the asking one that no memory names, so its scope cannot be given back; read from that scope itself, or forget it',
  );
}
