import { type MemoryStore, memoryScopeSchema } from '@symfonic/core';
import { interceptStore } from './intercept-store.js';

/** A store that remembers every tenant written through it, so a test can forget them all. */
export interface TenantTrackingStore {
  readonly store: MemoryStore;
  /** Every valid tenant passed to `apply` or `append`, in first-seen order. */
  readonly tenants: ReadonlySet<string>;
}

/**
 * Wrap `store` so that the tenant of every `apply` and `append` with a valid
 * scope is recorded (before the call, so a failed write is forgotten too).
 *
 * @returns the wrapping store and the live set of tenants it saw.
 */
export function trackTenants(store: MemoryStore): TenantTrackingStore {
  const tenants = new Set<string>();
  const tracked = interceptStore(store, (method, args, proceed) => {
    if (method === 'apply' || method === 'append') {
      const scope = memoryScopeSchema.safeParse(args[0]);
      if (scope.success) tenants.add(scope.data.tenant);
    }
    return proceed();
  });
  return { store: tracked, tenants };
}
