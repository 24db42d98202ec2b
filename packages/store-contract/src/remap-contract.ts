import { isWithin, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acme, globex } from './contract-fixtures.js';
import { readScope, writeFixture } from './round-trip-fixture.js';
import type { OpenStoreHarness, StoreHarness } from './store-harness.js';
import { createTestEmbedder } from './test-embedder.js';

/** Memory and turn lines of one remapping copy: how many were written now, how many were held already. */
export interface RemapCounts {
  readonly imported: number;
  readonly present: number;
}

/**
 * Copies everything at or below `from` in `store` to the same place below
 * `to`, in the same store (a dump of `from` imported with a remap, say),
 * failing on any refused line.
 */
export type RemapScope = (
  store: MemoryStore,
  from: MemoryScope,
  to: MemoryScope,
) => Promise<RemapCounts>;

type Read = Awaited<ReturnType<typeof readScope>>;

/** `scope` (at or below `from`) at the same place below `to`. */
function moved(scope: MemoryScope, from: MemoryScope, to: MemoryScope): MemoryScope {
  return { tenant: to.tenant, path: [...to.path, ...scope.path.slice(from.path.length)] };
}

const isScope = (value: object): value is MemoryScope =>
  'tenant' in value && 'path' in value && Object.keys(value).length === 2;

/** `value` with every id of `ids` renamed and every scope at or below `from` moved below `to`. */
function relabel(
  value: unknown,
  ids: ReadonlyMap<string, string>,
  from: MemoryScope,
  to: MemoryScope,
): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => relabel(item, ids, from, to));
  if (value instanceof Date || typeof value !== 'object' || value === null) return value;
  if (isScope(value) && isWithin(value, from)) return moved(value, from, to);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, relabel(item, ids, from, to)]),
  );
}

/** What `scope` and below hold, without what its ancestors hold (a remap moves a subtree only). */
function subtree(read: Read, scope: MemoryScope): Read {
  const inside = (item: { readonly scope: MemoryScope }) => isWithin(item.scope, scope);
  return {
    ...read,
    list: read.list.filter(inside),
    changes: read.changes.filter(inside),
    history: read.history.filter((versions) => {
      const first = read.changes.find((change) => change.memoryId === versions[0]?.memoryId);
      return first !== undefined && inside(first);
    }),
  };
}

/** The same read, in an order that does not depend on the memory ids (a remap renames them). */
function byContent(read: Read): Read {
  const key = (change: { at: Date; version: number; text: string }) =>
    `${change.at.toISOString()}\u0000${change.version}\u0000${change.text}`;
  return {
    ...read,
    changes: [...read.changes].sort((left, right) => key(left).localeCompare(key(right))),
    history: [...read.history].sort((left, right) =>
      key(left[0] as never).localeCompare(key(right[0] as never)),
    ),
  };
}

/**
 * Declare, on each of `stores`, a copy of a user's memories to another
 * place of the same store by `remap` (another tenant, and another user of
 * the same tenant): every memory arrives under a new id, with its whole
 * history, metadata and turns; the copy reads as the original does (`list`,
 * `history`, `changes`, `recent`, `scopes`, `turns`) once ids are renamed and
 * scopes moved; the original is untouched; and running it again writes
 * nothing (no second copy). Call it at the top level of a `*.contract.test.ts` file.
 */
export function describeRemapContract(
  stores: Readonly<Record<string, OpenStoreHarness>>,
  remap: RemapScope,
): void {
  const embedder = createTestEmbedder();
  const harnesses = new Map<string, StoreHarness>();
  const names = Object.keys(stores);
  describe('dump remapped within one store', () => {
    beforeAll(async () => {
      for (const name of names) {
        harnesses.set(name, await (stores[name] as OpenStoreHarness)({ embedder }));
      }
    });
    afterAll(async () => {
      for (const harness of harnesses.values()) await harness.close();
    });
    const places: [string, MemoryScope][] = [
      ['another tenant', globex('user:9')],
      ['another user of the same tenant', acme('user:3')],
    ];
    for (const name of names) {
      for (const [where, to] of places) {
        it(`copies a user into ${where} of the same ${name} store, under new ids, once`, async () => {
          const harness = harnesses.get(name) as StoreHarness;
          await harness.reset();
          const store = harness.store;
          await writeFixture(store);
          const from = acme('user:1');
          const original = subtree(await readScope(store, from), from);
          const lines = new Set(original.changes.map((change) => change.memoryId)).size;
          const total = lines + original.turns.length;
          expect(await remap(store, from, to)).toEqual({ imported: total, present: 0 });

          const copy = subtree(await readScope(store, to), to);
          // Ids are paired by the first version: its text, time and moved scope.
          const ids = new Map<string, string>();
          for (const change of original.changes.filter((entry) => entry.version === 1)) {
            const twin = copy.changes.find(
              (entry) =>
                entry.version === 1 &&
                entry.text === change.text &&
                entry.at.getTime() === change.at.getTime(),
            );
            expect(twin, `the copy of "${change.text}"`).toBeDefined();
            expect(twin?.memoryId).not.toBe(change.memoryId);
            ids.set(change.memoryId, twin?.memoryId as string);
          }
          expect(new Set(ids.values()).size).toBe(lines);
          expect(byContent(copy)).toEqual(byContent(relabel(original, ids, from, to) as Read));
          expect(subtree(await readScope(store, from), from)).toEqual(original);

          expect(await remap(store, from, to)).toEqual({ imported: 0, present: total });
          expect(subtree(await readScope(store, to), to)).toEqual(copy);
        });
      }
    }
  });
}
