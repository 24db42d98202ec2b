import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acme, globex } from './contract-fixtures.js';
import { readScope, writeFixture } from './round-trip-fixture.js';
import type { OpenStoreHarness, StoreHarness } from './store-harness.js';
import { createTestEmbedder } from './test-embedder.js';

/** Carries everything at or below `scope` from `source` to `target` (a dump piped into a restore, say). */
export type TransferScope = (
  source: MemoryStore,
  target: MemoryStore,
  scope: MemoryScope,
) => Promise<void>;

/**
 * Declare the dump round trip on every ordered pair of `stores` (by name):
 * a history written to the first, carried by `transfer`, reads identically
 * from the second (`list`, `history`, `changes`, `recent`, `scopes`,
 * `turns`), nothing of another tenant travels, and a second transfer
 * changes nothing. Call it at the top level of a `*.contract.test.ts` file.
 */
export function describeRoundTripContract(
  stores: Readonly<Record<string, OpenStoreHarness>>,
  transfer: TransferScope,
): void {
  const names = Object.keys(stores);
  const embedder = createTestEmbedder();
  const harnesses = new Map<string, StoreHarness>();
  describe('dump round trip between stores', () => {
    beforeAll(async () => {
      for (const name of names) {
        harnesses.set(name, await (stores[name] as OpenStoreHarness)({ embedder }));
      }
    });
    afterAll(async () => {
      for (const harness of harnesses.values()) await harness.close();
    });
    for (const from of names) {
      for (const to of names) {
        if (from === to) continue;
        it(`carries a tenant from ${from} to ${to}, reading identically`, async () => {
          const source = harnesses.get(from) as StoreHarness;
          const target = harnesses.get(to) as StoreHarness;
          await source.reset();
          await target.reset();
          await writeFixture(source.store);
          await transfer(source.store, target.store, acme());
          const expected = await readScope(source.store, acme());
          expect(expected.changes).toHaveLength(8);
          expect(await readScope(target.store, acme())).toEqual(expected);
          expect((await target.store.changes(globex())).changes).toEqual([]);
          await transfer(source.store, target.store, acme());
          expect(await readScope(target.store, acme())).toEqual(expected);
        });
      }
    }
  });
}
