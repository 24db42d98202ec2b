import type { MemoryStore } from '@symfonic/core';
import type { ForeignRow, SeedMemory } from './surface-harness.js';

/** The writer of every seeded memory's provenance: the app, not a model. */
export const seedWriter = 'surface-contract-seed';

/**
 * Write `seed` (and the `leak` row, at its own scope) into `store` with the
 * store's own `apply`, as an app would, one memory per call so each lands
 * whatever the others are.
 *
 * @returns the id of the leak row, when one was written.
 * @throws Error when the store refuses a seed memory (the suite's fixtures are valid).
 */
export async function seedStore(
  store: Pick<MemoryStore, 'apply'>,
  seed: readonly SeedMemory[],
  leak?: ForeignRow,
): Promise<string | undefined> {
  const rows = leak
    ? [...seed, { scope: leak.scope, layer: 'semantic' as const, text: leak.text }]
    : seed;
  let leakId: string | undefined;
  for (const memory of rows) {
    const result = await store.apply(
      memory.scope,
      [{ op: 'add', layer: memory.layer, text: memory.text, salience: memory.salience ?? 0.6 }],
      { writer: seedWriter },
    );
    const [written] = result.applied;
    if (!written) {
      throw new Error(`the store refused a seed memory: ${JSON.stringify(result.rejected)}`);
    }
    if (memory === rows.at(-1) && leak) leakId = written.record.id;
  }
  return leakId;
}
