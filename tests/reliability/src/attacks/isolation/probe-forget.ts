import { isWithin, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { type CrossingLedger, scopeText } from '../crossing-ledger.js';
import { liveRows } from './live-rows.js';

/** Look-alikes of other adversarial scopes, forgotten one after the other. */
const forgotten: readonly MemoryScope[] = [
  { tenant: 'acme', path: ['user:10'] },
  { tenant: 'acme', path: ['user:%'] },
  { tenant: 'acme', path: ['user:_'] },
  { tenant: 'acme', path: ['user:\\'] },
  { tenant: 'acme', path: ['user:\uff11'] },
  { tenant: 'acme', path: ['a","b'] },
  { tenant: 'acme2', path: [] },
  { tenant: 'ACME', path: [] },
  { tenant: '\u0430cme', path: [] },
  { tenant: '\uff41\uff43\uff4d\uff45', path: [] },
  { tenant: 'acme%', path: [] },
  { tenant: 'acm_', path: [] },
  { tenant: 'acme\u0301', path: [] },
];

/**
 * `forget` look-alike scopes one by one; after each, every row within a
 * forgotten subtree must be gone and every other row still live.
 */
export async function probeForget(store: MemoryStore, ledger: CrossingLedger): Promise<void> {
  const tenants = [...ledger.written.values()].map((record) => record.scope.tenant);
  const erased: MemoryScope[] = [];
  for (const target of forgotten) {
    await store.forget(target);
    erased.push(target);
    const live = await liveRows(store, tenants);
    const cross = (row: string, why: string) =>
      ledger.cross({ probe: 'forget', asking: scopeText(target), row, why });
    for (const [id, owner] of ledger.rows) {
      ledger.attempt();
      const gone = erased.some((scope) => isWithin(owner, scope));
      if (gone && live.has(id)) cross(id, 'survived the forget of its scope');
      if (!gone && !live.has(id)) cross(id, `erased by the forget of ${scopeText(target)}`);
    }
  }
}
