import { InvalidMemoryInput, type MemoryScope, memoryScopeSchema } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { addMemory, expectFailure, writerProvenance } from './contract-fixtures.js';

/**
 * Scopes whose characters a driver or an encoding could alter: U+FFFD (what a
 * lone surrogate becomes in UTF-8), astral characters, a decomposed accent,
 * trailing and no-break spaces, fullwidth and Cyrillic look-alikes.
 */
const trickyScopes: readonly MemoryScope[] = [
  { tenant: 'acme', path: ['user:ab\uFFFD'] },
  { tenant: 'org\uFFFD', path: ['user:1'] },
  { tenant: 'acme', path: ['user:ab😀', 'conversation:🎉'] },
  { tenant: 'acme', path: ['cafe\u0301', 'caf\u00e9'] },
  { tenant: 'acme', path: ['user:1\u00a0', 'user:1 '] },
  { tenant: '\uff41\uff43\uff4d\uff45', path: ['user:\u0430'] },
];

/** Lone halves of a surrogate pair: every store refuses them before writing anything. */
const loneSurrogateScopes: readonly MemoryScope[] = [
  { tenant: 'acme', path: ['user:ab\uD83D'] },
  { tenant: 'org\uDC00', path: ['user:1'] },
  { tenant: 'acme', path: ['\uDE00user'] },
];

/** Any segment the scope schema accepts, drawn from every UTF-16 code unit. */
const segmentArbitrary = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 12 })
  .filter((segment) => memoryScopeSchema.safeParse({ tenant: segment, path: [] }).success);

/** Read every way a store answers a scope, and check each answer is exactly `scope`. */
async function expectRoundTrip(context: ContractContext, scope: MemoryScope): Promise<void> {
  const store = context.store();
  const record = await addMemory(store, scope, 'harbor round trip');
  expect(record.scope).toEqual(scope);
  expect((await store.get(scope, record.id))?.scope).toEqual(scope);
  expect((await store.list(scope)).records.map((row) => row.scope)).toEqual([scope]);
  const retrieved = await store.retrieve({ scope, cue: 'harbor', limit: 5 });
  expect(retrieved.memories.map((row) => row.record.scope)).toEqual([scope]);
  const updated = await store.apply(
    scope,
    [{ op: 'update', id: record.id, text: 'harbor round trip, revised' }],
    writerProvenance,
  );
  expect(updated.applied.map((row) => row.record.scope)).toEqual([scope]);
  expect(await store.history(scope, record.id)).toHaveLength(2);
}

/** Every scope a store keeps comes back exactly as written, from every read path. */
export function describeScopeRoundTripContract(context: ContractContext): void {
  describe('scope round trip', () => {
    it('answers every stored scope exactly as written, characters a driver could alter included', async () => {
      for (const scope of trickyScopes) await expectRoundTrip(context, scope);
      // Each tricky scope sees only its own memory: none was merged with another.
      for (const scope of trickyScopes) {
        expect((await context.store().list(scope)).records).toHaveLength(1);
      }
    });

    it('answers generated scopes exactly as written (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          segmentArbitrary,
          fc.array(segmentArbitrary, { maxLength: 3 }),
          async (tenant, path) => {
            await context.reset();
            await expectRoundTrip(context, { tenant, path });
          },
        ),
        { numRuns: 15 },
      );
    });

    it('refuses a scope holding a lone surrogate everywhere, and writes nothing', async () => {
      const store = context.store();
      for (const scope of loneSurrogateScopes) {
        await expectFailure(
          store.apply(scope, [{ op: 'add', text: 'harbor' }], writerProvenance),
          InvalidMemoryInput.code,
        );
        await expectFailure(store.get(scope, 'id'), InvalidMemoryInput.code);
        await expectFailure(store.history(scope, 'id'), InvalidMemoryInput.code);
        await expectFailure(store.list(scope), InvalidMemoryInput.code);
        await expectFailure(store.forget(scope), InvalidMemoryInput.code);
        await expectFailure(
          store.retrieve({ scope, cue: 'harbor', limit: 1 }),
          InvalidMemoryInput.code,
        );
        await expectFailure(
          store.append(scope, { turnId: 't', speaker: 'user', text: 'harbor', turn: 0 }),
          InvalidMemoryInput.code,
        );
      }
      const neighbour: MemoryScope = { tenant: 'acme', path: ['user:ab\uFFFD'] };
      expect((await store.list(neighbour)).records).toEqual([]);
    });
  });
}
