import { InvalidMemoryInput, type MemoryRecord } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import {
  acme,
  addMemories,
  addMemory,
  expectFailure,
  globex,
  idsOf,
  writerProvenance,
} from './contract-fixtures.js';

/** Most recently updated first, ties by id: the order `pinned` answers in. */
function newestFirst(records: readonly MemoryRecord[]): string[] {
  return [...records]
    .sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() ||
        (left.id < right.id ? -1 : left.id > right.id ? 1 : 0),
    )
    .map((record) => record.id);
}

const asked = { minSalience: 0.9, limit: 10 };

/** Pinned facts: salient semantic memories visible to the scope, whatever the cue, newest first. */
export function describePinnedContract(context: ContractContext): void {
  describe('pinned memories', () => {
    it('answer the salient semantic memories the scope can see, newest first, and nothing else', async () => {
      const store = context.store();
      const conversation = acme('user:1', 'conversation:1');
      const tenantWide = await addMemory(store, acme(), {
        op: 'add',
        text: 'The company is closed on Fridays',
        salience: 0.95,
      });
      const [allergy, home] = await addMemories(store, acme('user:1'), [
        { op: 'add', text: 'Allergic to peanuts', salience: 1 },
        { op: 'add', text: 'Lives in Lyon', salience: 0.9 },
        { op: 'add', text: 'Likes jazz', salience: 0.89 },
        { op: 'add', layer: 'episodic', text: 'Had an allergic reaction', salience: 1 },
      ]);
      const below = await addMemory(store, acme('user:1', 'conversation:1', 'task:1'), {
        op: 'add',
        text: 'Must finish by noon',
        salience: 0.99,
      });
      await addMemory(store, acme('user:1', 'conversation:2'), {
        op: 'add',
        text: 'A sibling conversation fact',
        salience: 1,
      });
      await addMemory(store, acme('user:10'), {
        op: 'add',
        text: 'A look-alike user',
        salience: 1,
      });
      await addMemory(store, globex('user:1'), { op: 'add', text: 'Another tenant', salience: 1 });

      const pinned = await store.pinned(conversation, asked);
      const expected = [tenantWide, allergy, home, below] as MemoryRecord[];
      expect(idsOf(pinned)).toEqual(newestFirst(expected));
      const byId = new Map(expected.map((record) => [record.id, record]));
      for (const record of pinned) expect(record).toEqual(byId.get(record.id));

      expect(idsOf(await store.pinned(conversation, { minSalience: 1, limit: 10 }))).toEqual([
        allergy?.id,
      ]);
      expect(await store.pinned(conversation, { ...asked, limit: 2 })).toEqual(pinned.slice(0, 2));
      expect(await store.pinned(conversation, { ...asked, limit: 0 })).toEqual([]);
      expect(await store.pinned(acme('user:2'), asked)).toEqual(
        pinned.filter((record) => record.id === tenantWide.id),
      );
      expect(await store.pinned({ tenant: 'initech', path: [] }, asked)).toEqual([]);
    });

    it('follow every change: an update moves a fact in or out, a delete and a forget remove it', async () => {
      const store = context.store();
      const user = acme('user:1');
      const [allergy, home] = await addMemories(store, user, [
        { op: 'add', text: 'Allergic to peanuts', salience: 1 },
        { op: 'add', text: 'Lives in Lyon', salience: 0.5 },
      ]);
      const ids = async () => idsOf(await store.pinned(user, asked));
      expect(await ids()).toEqual([allergy?.id]);

      await store.apply(
        user,
        [{ op: 'update', id: home?.id, text: 'Lives in Berlin', salience: 0.95 }],
        writerProvenance,
      );
      const moved = await store.pinned(user, asked);
      // The update may land in the same millisecond as the adds: the order is
      // the documented one (newest first, ties by id), whichever that gives.
      expect(idsOf(moved)).toEqual(newestFirst(moved));
      expect(new Set(idsOf(moved))).toEqual(new Set([home?.id, allergy?.id]));
      expect(moved.find((record) => record.id === home?.id)?.text).toBe('Lives in Berlin');

      await store.apply(
        user,
        [{ op: 'update', id: allergy?.id, text: 'Allergic to peanuts', salience: 0.2 }],
        writerProvenance,
      );
      expect(await ids()).toEqual([home?.id]);
      await store.apply(user, [{ op: 'delete', id: home?.id }], writerProvenance);
      expect(await ids()).toEqual([]);

      await addMemory(store, acme('user:1', 'conversation:1'), {
        op: 'add',
        text: 'Prefers short answers',
        salience: 1,
      });
      expect(await ids()).toHaveLength(1);
      await store.forget(acme('user:1', 'conversation:1'));
      expect(await ids()).toEqual([]);
    });

    it('refuse malformed options or scope with InvalidMemoryInput', async () => {
      const store = context.store();
      for (const options of [
        { minSalience: 1.5, limit: 10 },
        { minSalience: -0.1, limit: 10 },
        { minSalience: 0.9, limit: -1 },
        { minSalience: 0.9, limit: 1.5 },
        { minSalience: Number.NaN, limit: 10 },
        { minSalience: 0.9 },
      ]) {
        await expectFailure(
          store.pinned(acme('user:1'), options as never),
          InvalidMemoryInput.code,
        );
      }
      await expectFailure(store.pinned({ tenant: '', path: [] }, asked), InvalidMemoryInput.code);
    });
  });
}
