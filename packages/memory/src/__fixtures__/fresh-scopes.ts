import type { MemoryScope } from '@symfonic/core';

let tenants = 0;

/** A tenant no other test uses, so tests can share a store without resetting it. */
export function freshTenant(): string {
  tenants += 1;
  return `tenant-${process.pid}-${tenants}`;
}

/** A user scope and one conversation below it, in a fresh tenant. */
export function freshUser(): { user: MemoryScope; conversation: MemoryScope } {
  const tenant = freshTenant();
  return {
    user: { tenant, path: ['user:42'] },
    conversation: { tenant, path: ['user:42', 'conversation:1'] },
  };
}
