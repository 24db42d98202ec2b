import { type MemoryScope, type MemoryStore, sameScope } from '@symfonic/core';
import { adversarialScopes } from './adversarial-scopes.js';
import { CrossingLedger, type IsolationReport } from './crossing-ledger.js';
import { attackOwnerFields } from './isolation/attack-owner-fields.js';
import { populateScopes } from './isolation/populate-scopes.js';
import { probeForeignIds } from './isolation/probe-foreign-ids.js';
import { probeForget } from './isolation/probe-forget.js';
import { probeReads } from './isolation/probe-reads.js';
import { probeRefusedScopes } from './isolation/probe-refused-scopes.js';
import { unboundedMemory } from './isolation/unbounded-memory.js';
import { verifyUntouched } from './isolation/verify-untouched.js';

/** Options of {@link attackIsolation}. */
export interface IsolationAttackOptions {
  /**
   * How many following scopes of the adversarial list each scope attacks by
   * id (the list keeps the closest look-alikes next to each other); every
   * other scope when absent. Each id attack is four statements, so a SQL
   * store over a slow engine attacks its nearest neighbours instead of all
   * forty scopes.
   */
  readonly neighbours?: number;
}

/** The canary memories of the `neighbours` scopes that follow `index` in `scopes`, by id. */
function neighbourCanaries(
  scopes: readonly MemoryScope[],
  index: number,
  neighbours: number,
  ledger: CrossingLedger,
): Set<string> {
  const targets = new Set<string>();
  for (let step = 1; step <= neighbours; step += 1) {
    const neighbour = scopes[(index + step) % scopes.length] as MemoryScope;
    for (const [id, record] of ledger.written) {
      if (record.text.includes('canary') && sameScope(record.scope, neighbour)) targets.add(id);
    }
  }
  return targets;
}

/**
 * Attack tenant and scope isolation of `store`, which must hold nothing of
 * the adversarial tenants yet:
 *
 * 1. write a canary memory, a shared text and a canary turn at every
 *    adversarial scope (prefix look-alikes, wildcards, quotes, Unicode
 *    look-alikes); the shared text must be no duplicate across scopes;
 * 2. write from `acme/user:1` with metadata, op fields, provenance and a
 *    model reply that name `acme2/user:1` as owner;
 * 3. from every scope: scan, retrieve, list, recent, hydrate; every answered
 *    row, dropped id, rendered canary and ref is checked against its owner;
 * 4. from every scope: the canary ids of every other scope (or of its
 *    `neighbours` next in the list) in `get`, `history`, `update` and
 *    `delete`, through the store and through `remember`;
 * 5. malformed scopes, which must be refused with `InvalidMemoryInput`;
 * 6. every row read back from its own tenant, unchanged;
 * 7. `forget` of look-alike scopes, which erases exactly their subtree.
 *
 * @returns the attempts, refusals, crossings and caught leaks; it throws
 * only for errors that are neither a refusal nor a `ScopeViolation`.
 */
export async function attackIsolation(
  store: MemoryStore,
  options: IsolationAttackOptions = {},
): Promise<IsolationReport> {
  const ledger = new CrossingLedger();
  const scopes = adversarialScopes();
  const memory = unboundedMemory(store);
  await populateScopes(store, scopes, ledger);
  await attackOwnerFields(store, memory, ledger);
  for (const asking of scopes) await probeReads(store, memory, asking, ledger);
  const neighbours = Math.min(options.neighbours ?? scopes.length, scopes.length - 1);
  for (const [index, asking] of scopes.entries()) {
    const targets = neighbourCanaries(scopes, index, neighbours, ledger);
    await probeForeignIds(store, memory, asking, ledger, targets);
  }
  await probeRefusedScopes(store, ledger);
  await verifyUntouched(store, ledger);
  await probeForget(store, ledger);
  return ledger.report();
}
