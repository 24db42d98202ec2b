import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory } from './contract-fixtures.js';

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
  });
}
