import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, addMemory, expectFailure, globex } from './contract-fixtures.js';

/** History and provenance: every change kept, oldest first, each with who made it. */
export function describeHistoryContract(context: ContractContext): void {
  describe('history and provenance', () => {
    it('stores provenance with the record and returns it from get, list and retrieve', async () => {
      const store = context.store();
      const provenance = { writer: 'extractor', turnId: 'turn-3', replyFamily: 'openai' };
      const record = await addMemory(store, acme('user:1'), 'Birthday is in March', provenance);
      expect(record.provenance).toEqual(provenance);
      expect((await store.get(acme('user:1'), record.id))?.provenance).toEqual(provenance);
      expect((await store.list(acme('user:1'))).records[0]?.provenance).toEqual(provenance);
      const retrieved = await store.retrieve({ scope: acme('user:1'), cue: 'birthday', limit: 1 });
      expect(retrieved.memories[0]?.record.provenance).toEqual(provenance);
    });

    it('keeps every version, oldest first, with its change, text, salience and provenance', async () => {
      const store = context.store();
      const record = await addMemory(
        store,
        acme('user:1'),
        { op: 'add', text: 'Runs 5 km', layer: 'episodic', salience: 0.3 },
        { writer: 'agent', turnId: 'turn-1' },
      );
      await store.apply(
        acme('user:1'),
        [{ op: 'update', id: record.id, text: 'Runs 10 km', salience: 0.6 }],
        { writer: 'agent', turnId: 'turn-2', replyFamily: 'gemini' },
      );
      await store.apply(acme('user:1'), [{ op: 'delete', id: record.id }], { writer: 'person' });
      const history = await store.history(acme('user:1'), record.id);
      expect(history.map(({ at: _at, ...version }) => version)).toEqual([
        {
          memoryId: record.id,
          version: 1,
          change: 'created',
          layer: 'episodic',
          text: 'Runs 5 km',
          salience: 0.3,
          provenance: { writer: 'agent', turnId: 'turn-1' },
        },
        {
          memoryId: record.id,
          version: 2,
          change: 'updated',
          layer: 'episodic',
          text: 'Runs 10 km',
          salience: 0.6,
          provenance: { writer: 'agent', turnId: 'turn-2', replyFamily: 'gemini' },
        },
        {
          memoryId: record.id,
          version: 3,
          change: 'deleted',
          layer: 'episodic',
          text: 'Runs 10 km',
          salience: 0.6,
          provenance: { writer: 'person' },
        },
      ]);
      const times = history.map((version) => version.at.getTime());
      expect(times).toEqual([...times].sort((left, right) => left - right));
      expect(history[0]?.at.getTime()).toBe(record.createdAt.getTime());
    });

    it('gives the record the provenance of its latest change', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), 'Reads sci-fi', { writer: 'agent' });
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'update', id: record.id, text: 'Reads mostly sci-fi' }],
        { writer: 'reviewer' },
      );
      expect(result.applied[0]?.record.provenance).toEqual({ writer: 'reviewer' });
      expect((await store.get(acme('user:1'), record.id))?.provenance).toEqual({
        writer: 'reviewer',
      });
    });

    it('answers [] for an unknown id', async () => {
      expect(await context.store().history(acme('user:1'), 'never-issued-id')).toEqual([]);
    });

    it('lists the ids of the memories deleted at exactly a scope, by id, in pages, until forget', async () => {
      const store = context.store();
      const user = acme('user:1');
      const records = await addMemories(store, user, ['one', 'two', 'three', 'four', 'kept']);
      const [above] = await addMemories(store, acme(), ['at the tenant']);
      const [below] = await addMemories(store, acme('user:1', 'conversation:1'), ['below']);
      const [foreign] = await addMemories(store, globex('user:1'), ['foreign']);
      const deleted = records.slice(0, 4).map(({ id }) => id);
      await store.apply(
        user,
        deleted.map((id) => ({ op: 'delete' as const, id })),
        { writer: 'person' },
      );
      await store.apply(acme(), [{ op: 'delete', id: above?.id as string }], { writer: 'p' });
      await store.apply(
        acme('user:1', 'conversation:1'),
        [{ op: 'delete', id: below?.id as string }],
        { writer: 'p' },
      );
      await store.apply(globex('user:1'), [{ op: 'delete', id: foreign?.id as string }], {
        writer: 'p',
      });
      expect((await store.listDeleted(user)).ids).toEqual([...deleted].sort());
      const first = await store.listDeleted(user, { limit: 3 });
      expect(first.ids).toEqual([...deleted].sort().slice(0, 3));
      const second = await store.listDeleted(user, {
        limit: 3,
        cursor: first.nextCursor as string,
      });
      expect(second).toEqual({ ids: [...deleted].sort().slice(3) });
      const tombstone = (await store.history(user, deleted[0] as string)).at(-1);
      expect(tombstone?.change).toBe('deleted');
      await expectFailure(store.listDeleted(user, { limit: 0 }), InvalidMemoryInput.code);
      await expectFailure(store.listDeleted(user, { cursor: '' }), InvalidMemoryInput.code);
      await store.forget(user);
      expect((await store.listDeleted(user)).ids).toEqual([]);
    });
  });
}
