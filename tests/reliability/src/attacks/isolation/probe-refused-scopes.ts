import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { refusedScopeInputs } from '../adversarial-scopes.js';
import type { CrossingLedger } from '../crossing-ledger.js';
import { expectRefusal } from './expect-refusal.js';
import { attackCue, attackProvenance } from './isolation-attack-constants.js';

/** Every malformed scope of `refusedScopeInputs` in `apply`, `scanCandidates`, `list` and `forget`: each refused. */
export async function probeRefusedScopes(
  store: MemoryStore,
  ledger: CrossingLedger,
): Promise<void> {
  for (const input of refusedScopeInputs()) {
    const scope = input as MemoryScope;
    const calls: (() => Promise<unknown>)[] = [
      () => store.apply(scope, [{ op: 'add', text: 'harbor refused' }], attackProvenance),
      () => store.scanCandidates({ scope, cue: attackCue, limit: 10 }),
      () => store.list(scope),
      () => store.forget(scope),
    ];
    ledger.attempt(calls.length);
    for (const call of calls) await expectRefusal(ledger, call);
  }
}
