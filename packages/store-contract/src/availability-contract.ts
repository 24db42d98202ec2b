import { MemoryUnavailable } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, expectFailure, writerProvenance } from './contract-fixtures.js';

/** Availability: a closed store raises `MemoryUnavailable` everywhere; a failed apply writes nothing. */
export function describeAvailabilityContract(context: ContractContext): void {
  describe('availability', () => {
    it('raises MemoryUnavailable from every call once closed, and closes twice quietly', async () => {
      const harness = await context.open({ embedder: context.embedder });
      try {
        const { store } = harness;
        await addMemory(store, acme('user:1'), 'written before closing');
        await store.close();
        const scope = acme('user:1');
        const query = { scope, cue: 'closing', limit: 1 };
        const turn = { turnId: 't', speaker: '', text: 'x', turn: 0 };
        await expectFailure(
          store.apply(scope, [{ op: 'add', text: 'late' }], writerProvenance),
          MemoryUnavailable.code,
        );
        await expectFailure(store.retrieve(query), MemoryUnavailable.code);
        await expectFailure(store.scanCandidates(query), MemoryUnavailable.code);
        await expectFailure(store.get(scope, 'id'), MemoryUnavailable.code);
        await expectFailure(store.list(scope), MemoryUnavailable.code);
        await expectFailure(store.history(scope, 'id'), MemoryUnavailable.code);
        await expectFailure(store.forget(scope), MemoryUnavailable.code);
        await expectFailure(store.append(scope, turn), MemoryUnavailable.code);
        await expectFailure(store.recent(scope, 1), MemoryUnavailable.code);
        await store.close();
      } finally {
        await harness.close();
      }
    });

    it.skipIf(context.capabilities.vectors !== true)(
      'writes nothing when the embedder fails during an apply, and recovers after (vectors)',
      async () => {
        const store = context.store();
        const kept = await addMemory(store, acme('user:1'), 'Already known');
        context.embedder.setAvailable(false);
        try {
          await expectFailure(
            store.apply(
              acme('user:1'),
              [
                { op: 'delete', id: kept.id },
                { op: 'add', text: 'First new fact' },
                { op: 'add', text: 'Second new fact' },
              ],
              writerProvenance,
            ),
            MemoryUnavailable.code,
          );
        } finally {
          context.embedder.setAvailable(true);
        }
        const listed = await store.list(acme('user:1'));
        expect(listed.records.map((record) => record.id)).toEqual([kept.id]);
        expect(await store.history(acme('user:1'), kept.id)).toHaveLength(1);
        const retry = await store.apply(
          acme('user:1'),
          [{ op: 'add', text: 'First new fact' }],
          writerProvenance,
        );
        expect(retry.rejected).toEqual([]);
      },
    );
  });
}
