import { InvalidMemoryInput, type MemoryRecord, type MemoryScope } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import {
  acme,
  addMemory,
  expectFailure,
  globex,
  idsOf,
  writerProvenance,
} from './contract-fixtures.js';

/** `list`: live memories visible to the scope, oldest first, in pages that stay stable under writes. */
export function describeListContract(context: ContractContext): void {
  describe('list', () => {
    async function addInOrder(scope: MemoryScope, count: number): Promise<MemoryRecord[]> {
      const records: MemoryRecord[] = [];
      for (let index = 0; index < count; index += 1) {
        records.push(await addMemory(context.store(), scope, `diary page ${index}`));
      }
      return records;
    }

    it('pages through live memories oldest first, without repeats, ending without a cursor', async () => {
      const store = context.store();
      const records = await addInOrder(acme('user:1'), 7);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.list(acme('user:1'), cursor ? { limit: 3, cursor } : { limit: 3 });
        expect(page.records.length).toBeLessThanOrEqual(3);
        seen.push(...idsOf(page.records));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== undefined && pages < 10);
      expect(seen).toEqual(idsOf(records));
      expect(pages).toBe(3);
    });

    it('keeps its place when rows are deleted or added between pages', async () => {
      const store = context.store();
      const records = await addInOrder(acme('user:1'), 6);
      const first = await store.list(acme('user:1'), { limit: 3 });
      expect(idsOf(first.records)).toEqual(idsOf(records.slice(0, 3)));
      await store.apply(
        acme('user:1'),
        [{ op: 'delete', id: records[1]?.id ?? '' }],
        writerProvenance,
      );
      const added = await addMemory(store, acme('user:1'), 'written between pages');
      const cursor = first.nextCursor;
      expect(cursor).toBeDefined();
      const rest = await store.list(acme('user:1'), { limit: 10, ...(cursor ? { cursor } : {}) });
      expect(idsOf(rest.records)).toEqual([...idsOf(records.slice(3)), added.id]);
      expect(rest.nextCursor).toBeUndefined();
    });

    it('lists what is visible to the scope: ancestors and descendants, not siblings or other tenants', async () => {
      const store = context.store();
      const root = await addMemory(store, acme(), 'company fact');
      const own = await addMemory(store, acme('user:1'), 'user fact');
      const below = await addMemory(
        store,
        acme('user:1', 'conversation:1'),
        'conversation episode',
      );
      await addMemory(store, acme('user:10'), 'look-alike sibling fact');
      await addMemory(store, globex('user:1'), 'other tenant fact');
      const page = await store.list(acme('user:1'));
      expect(idsOf(page.records)).toEqual([root.id, own.id, below.id]);
    });

    it('filters by layer', async () => {
      const store = context.store();
      await addMemory(store, acme('user:1'), { op: 'add', text: 'a fact', layer: 'semantic' });
      const episode = await addMemory(store, acme('user:1'), {
        op: 'add',
        text: 'an event',
        layer: 'episodic',
      });
      const page = await store.list(acme('user:1'), { layer: 'episodic' });
      expect(idsOf(page.records)).toEqual([episode.id]);
    });

    it('refuses a cursor it did not issue with InvalidMemoryInput', async () => {
      await expectFailure(
        context.store().list(acme('user:1'), { cursor: 'not a cursor ✗' }),
        InvalidMemoryInput.code,
      );
    });
  });
}
