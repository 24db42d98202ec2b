import {
  isVisible,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  RejectionCode,
} from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, globex, idsOf, writerProvenance } from './contract-fixtures.js';

/** Tenants and segments chosen to trap prefix comparisons: `acme` / `acme2`, `user:1` / `user:10`. */
const scopeArbitrary: fc.Arbitrary<MemoryScope> = fc.record({
  tenant: fc.constantFrom('acme', 'acme2', 'globex'),
  path: fc.array(fc.constantFrom('user:1', 'user:10', 'conversation:1'), { maxLength: 3 }),
});

/** A rejection with the id written as a placeholder, to compare two ids' treatment. */
async function rejectionFor(
  store: MemoryStore,
  scope: MemoryScope,
  op: 'update' | 'delete',
  id: string,
): Promise<unknown> {
  const input = op === 'update' ? { op, id, text: 'overwritten' } : { op, id };
  const result = await store.apply(scope, [input], writerProvenance);
  return {
    applied: result.applied.length,
    rejected: result.rejected.map((row) => ({
      ...row,
      reason: row.reason.replaceAll(id, '<id>'),
    })),
  };
}

/** Isolation: visibility is exactly core's `isVisible`, and a foreign id is an unknown id. */
export function describeIsolationContract(context: ContractContext): void {
  describe('isolation', () => {
    it('answers, in retrieve, scan, get, list and history, exactly the rows visible to the query (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(scopeArbitrary, { minLength: 1, maxLength: 10 }),
          fc.array(scopeArbitrary, { minLength: 1, maxLength: 4 }),
          async (writeScopes, queryScopes) => {
            await context.reset();
            const store = context.store();
            const written: MemoryRecord[] = [];
            for (const [index, scope] of writeScopes.entries()) {
              written.push(await addMemory(store, scope, `harbor note ${index}`));
            }
            for (const scope of queryScopes) {
              const visible = written.filter((record) => isVisible(record.scope, scope));
              const expected = idsOf(visible).sort();
              const scan = await store.scanCandidates({ scope, cue: 'harbor note', limit: 1 });
              expect(idsOf(scan.memories).sort()).toEqual(expected);
              const retrieved = await store.retrieve({ scope, cue: 'harbor note', limit: 2 });
              const answered = [...idsOf(retrieved.memories), ...idsOf(retrieved.dropped)];
              expect(answered.sort()).toEqual(expected);
              const listed = await store.list(scope, { limit: 100 });
              expect(idsOf(listed.records).sort()).toEqual(expected);
              for (const record of written) {
                const seen = isVisible(record.scope, scope);
                expect((await store.get(scope, record.id)) !== undefined).toBe(seen);
                expect((await store.history(scope, record.id)).length > 0).toBe(seen);
                if (!seen) {
                  const result = await store.apply(
                    scope,
                    [{ op: 'delete', id: record.id }],
                    writerProvenance,
                  );
                  expect(result.rejected.map((row) => row.code)).toEqual([RejectionCode.unknownId]);
                }
              }
            }
            for (const record of written) {
              expect(await store.get(record.scope, record.id)).toEqual(record);
            }
          },
        ),
        { numRuns: 20 },
      );
    });

    it('treats another tenant’s or a sibling’s id exactly like an unknown id', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), 'Takes the night train');
      for (const stranger of [globex('user:1'), acme('user:2'), acme('user:10')]) {
        expect(await store.get(stranger, record.id)).toBeUndefined();
        expect(await store.history(stranger, record.id)).toEqual([]);
        for (const op of ['update', 'delete'] as const) {
          expect(await rejectionFor(store, stranger, op, record.id)).toEqual(
            await rejectionFor(store, stranger, op, 'never-issued-id'),
          );
        }
      }
      expect(await store.get(acme('user:1'), record.id)).toEqual(record);
      expect(await store.history(acme('user:1'), record.id)).toHaveLength(1);
    });

    it('does not count another scope’s text as a duplicate', async () => {
      const store = context.store();
      await addMemory(store, globex('user:1'), 'Speaks Welsh');
      await addMemory(store, acme('user:2'), 'Speaks Welsh');
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'add', text: 'Speaks Welsh' }],
        writerProvenance,
      );
      expect(result.rejected).toEqual([]);
    });
  });
}
