import type { MemoryScope } from '@symfonic/core';

/** A user scope of a tenant no other test uses. */
export function freshUser(): { readonly user: MemoryScope } {
  return { user: { tenant: `tenant-${crypto.randomUUID()}`, path: ['user:42'] } };
}
