import type { MemoryRecord } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, globex, writerProvenance } from './contract-fixtures.js';

/** `forget`: erase a scope's subtree (memories, history, turns) and nothing else. */
export function describeForgetContract(context: ContractContext): void {
  describe('forget', () => {
    it('erases the subtree, history and turns included, and leaves everything else as it was', async () => {
      const store = context.store();
      const turn = (turnId: string) => ({ turnId, speaker: 'user', text: turnId, turn: 0 });
      const root = await addMemory(store, acme(), 'company fact');
      const own = await addMemory(store, acme('user:1'), 'user fact');
      const below = await addMemory(store, acme('user:1', 'conversation:1'), 'episode');
      const deleted = await addMemory(store, acme('user:1', 'conversation:1'), 'retracted');
      await store.apply(acme('user:1'), [{ op: 'delete', id: deleted.id }], writerProvenance);
      const lookAlike = await addMemory(store, acme('user:10'), 'look-alike fact');
      const sibling = await addMemory(store, acme('user:2'), 'sibling fact');
      const foreign = await addMemory(store, globex('user:1'), 'other tenant fact');
      await store.append(acme('user:1'), turn('a'));
      await store.append(acme('user:1', 'conversation:1'), turn('b'));
      await store.append(acme('user:1', 'conversation:1'), { ...turn('c'), turn: 1 });
      await store.append(acme('user:10'), turn('d'));
      await store.append(globex('user:1'), turn('e'));
      await store.append(acme(), turn('f'));

      expect(await store.forget(acme('user:1'))).toEqual({ memories: 3, turns: 3 });

      for (const erased of [own, below, deleted]) {
        expect(await store.get(erased.scope, erased.id)).toBeUndefined();
        expect(await store.history(erased.scope, erased.id)).toEqual([]);
      }
      expect(await store.recent(acme('user:1'), 10)).toEqual([]);
      expect(await store.recent(acme('user:1', 'conversation:1'), 10)).toEqual([]);
      const kept: MemoryRecord[] = [root, lookAlike, sibling, foreign];
      for (const record of kept) {
        expect(await store.get(record.scope, record.id)).toEqual(record);
        expect(await store.history(record.scope, record.id)).toHaveLength(1);
      }
      expect(await store.recent(acme('user:10'), 10)).toHaveLength(1);
      expect(await store.recent(globex('user:1'), 10)).toHaveLength(1);
      expect(await store.recent(acme(), 10)).toHaveLength(1);
      const retrieved = await store.retrieve({ scope: acme('user:1'), cue: 'fact', limit: 10 });
      expect(retrieved.memories.map((memory) => memory.record.id)).toEqual([root.id]);
    });

    it('lets the erased text be written again, as new', async () => {
      const store = context.store();
      const old = await addMemory(store, acme('user:1'), 'Moved to Oslo');
      await store.forget(acme('user:1'));
      const again = await addMemory(store, acme('user:1'), 'Moved to Oslo');
      expect(again.id).not.toBe(old.id);
    });

    it('erases a whole tenant from its root, and reports zero for an empty scope', async () => {
      const store = context.store();
      await addMemory(store, acme('user:1'), 'one');
      const foreign = await addMemory(store, globex(), 'two');
      expect(await store.forget(acme())).toEqual({ memories: 1, turns: 0 });
      expect(await store.forget(acme())).toEqual({ memories: 0, turns: 0 });
      expect(await store.get(globex(), foreign.id)).toEqual(foreign);
    });
  });
}
