import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { type CrossingLedger, scopeText } from '../crossing-ledger.js';
import { attackProvenance } from './isolation-attack-constants.js';

/**
 * Write, at every scope of `scopes`, a canary memory (`canary<index>x`), the
 * text every scope shares, and a canary turn. The shared text must be
 * accepted everywhere: a `duplicate` naming another scope's memory would tell
 * one tenant what another holds, and counts as a crossing.
 */
export async function populateScopes(
  store: MemoryStore,
  scopes: readonly MemoryScope[],
  ledger: CrossingLedger,
): Promise<void> {
  for (const [index, scope] of scopes.entries()) {
    const token = `canary${index}x`;
    ledger.ownToken(token, scope);
    ledger.attempt(index);
    const result = await store.apply(
      scope,
      [
        { op: 'add', text: `harbor canary ${token}` },
        { op: 'add', text: 'harbor shared fact' },
      ],
      attackProvenance,
    );
    for (const { record } of result.applied) ledger.recordWrite('apply', scope, record);
    for (const rejection of result.rejected) {
      ledger.cross({
        probe: 'apply (duplicate check)',
        asking: scopeText(scope),
        row: rejection.existingId ?? `op ${rejection.index}`,
        why: `rejected as ${rejection.code}`,
      });
    }
    await store.append(scope, {
      turnId: `turn-${index}`,
      speaker: 'user',
      text: `harbor turn ${token}`,
      turn: 0,
    });
  }
}
