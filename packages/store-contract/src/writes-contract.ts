import { InvalidMemoryInput, Limits, type MemoryRecord, RejectionCode } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, expectFailure, writerProvenance } from './contract-fixtures.js';

/** Writes: per-op validation with codes, all-or-nothing for accepted ops, deduplication by normalised text. */
export function describeWritesContract(context: ContractContext): void {
  describe('writes', () => {
    it('put every op in applied or rejected, each rejection with its code and a reason', async () => {
      const store = context.store();
      const existing = await addMemory(store, acme('user:1'), 'Prefers window seats');
      const result = await store.apply(
        acme('user:1'),
        [
          { op: 'add', text: 'Speaks Portuguese', layer: 'semantic', salience: 0.7 },
          { op: 'add', text: '   ' },
          { op: 'add', text: 'x'.repeat(Limits.memoryText + 1) },
          { op: 'update', id: 'no-such-memory', text: 'anything' },
          { op: 'frobnicate', id: existing.id },
          { op: 'add', text: 'prefers  WINDOW seats' },
          { op: 'delete', id: existing.id },
          'not even an object',
        ],
        writerProvenance,
      );
      const indices = [
        ...result.applied.map((a) => a.index),
        ...result.rejected.map((r) => r.index),
      ];
      expect(indices.sort((left, right) => left - right)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      const codeAt = (index: number) => result.rejected.find((r) => r.index === index)?.code;
      expect(codeAt(1)).toBe(RejectionCode.invalidOp);
      expect(codeAt(2)).toBe(RejectionCode.textTooLong);
      expect(codeAt(3)).toBe(RejectionCode.unknownId);
      expect(codeAt(4)).toBe(RejectionCode.invalidOp);
      expect(codeAt(5)).toBe(RejectionCode.duplicate);
      expect(codeAt(7)).toBe(RejectionCode.invalidOp);
      expect(result.rejected.find((r) => r.index === 5)?.existingId).toBe(existing.id);
      for (const rejected of result.rejected) expect(rejected.reason.length).toBeGreaterThan(0);
      const applied = [...result.applied].sort((left, right) => left.index - right.index);
      expect(applied.map((a) => [a.index, a.op])).toEqual([
        [0, 'add'],
        [6, 'delete'],
      ]);
      const added = applied[0]?.record;
      expect(added?.text).toBe('Speaks Portuguese');
      expect(added?.salience).toBe(0.7);
      expect(added && (await store.get(acme('user:1'), added.id))).toEqual(added);
      expect(await store.get(acme('user:1'), existing.id)).toBeUndefined();
    });

    it('answer an empty batch with empty lists', async () => {
      expect(await context.store().apply(acme('user:1'), [], writerProvenance)).toEqual({
        applied: [],
        rejected: [],
      });
    });

    it('default an add to the semantic layer and salience 0.5, and keep its metadata', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), {
        op: 'add',
        text: 'Has a cat named Miso',
        metadata: { source: 'import', tags: ['pets'], weight: 2 },
      });
      expect(record.layer).toBe('semantic');
      expect(record.salience).toBe(0.5);
      expect(record.scope).toEqual(acme('user:1'));
      expect(record.metadata).toEqual({ source: 'import', tags: ['pets'], weight: 2 });
      expect(record.createdAt).toBeInstanceOf(Date);
      expect(await store.get(acme('user:1'), record.id)).toEqual(record);
    });

    it('keep metadata as JSON keeps it: a -0 reads back as 0, on every store alike', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), {
        op: 'add',
        text: 'Ran at minus zero degrees',
        metadata: { reading: { celsius: -0 } },
      });
      const celsius = (metadata: MemoryRecord['metadata']) =>
        (metadata?.reading as { celsius?: number } | undefined)?.celsius;
      expect(Object.is(celsius(record.metadata), 0)).toBe(true);
      const read = await store.get(acme('user:1'), record.id);
      expect(Object.is(celsius(read?.metadata), 0)).toBe(true);
    });

    it('reject an add whose normalised text exists in that scope and layer, naming the existing id', async () => {
      const store = context.store();
      const existing = await addMemory(store, acme('user:1'), 'Likes  green tea');
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'add', text: ' likes GREEN tea ' }],
        writerProvenance,
      );
      expect(result.applied).toEqual([]);
      expect(result.rejected).toMatchObject([
        { index: 0, code: RejectionCode.duplicate, existingId: existing.id },
      ]);
    });

    it('count a text as new in another layer, another scope, or once the holder is deleted', async () => {
      const store = context.store();
      const existing = await addMemory(store, acme('user:1'), 'Visited Lisbon');
      const otherLayer = await store.apply(
        acme('user:1'),
        [{ op: 'add', text: 'Visited Lisbon', layer: 'episodic' }],
        writerProvenance,
      );
      expect(otherLayer.rejected).toEqual([]);
      const childScope = await store.apply(
        acme('user:1', 'conversation:1'),
        [{ op: 'add', text: 'Visited Lisbon' }],
        writerProvenance,
      );
      expect(childScope.rejected).toEqual([]);
      await store.apply(acme('user:1'), [{ op: 'delete', id: existing.id }], writerProvenance);
      const again = await store.apply(
        acme('user:1'),
        [{ op: 'add', text: 'Visited Lisbon' }],
        writerProvenance,
      );
      expect(again.rejected).toEqual([]);
      expect(again.applied[0]?.record.id).not.toBe(existing.id);
    });

    it('deduplicate within one batch, and see earlier ops of the batch', async () => {
      const store = context.store();
      const existing = await addMemory(store, acme('user:1'), 'Owns a bicycle');
      const result = await store.apply(
        acme('user:1'),
        [
          { op: 'add', text: 'Drinks oat milk' },
          { op: 'add', text: 'drinks OAT milk' },
          { op: 'delete', id: existing.id },
          { op: 'update', id: existing.id, text: 'Owns two bicycles' },
        ],
        writerProvenance,
      );
      const first = result.applied.find((a) => a.index === 0)?.record;
      expect(first).toBeDefined();
      expect([...result.rejected].sort((left, right) => left.index - right.index)).toMatchObject([
        { index: 1, code: RejectionCode.duplicate, existingId: first?.id },
        { index: 3, code: RejectionCode.unknownId },
      ]);
    });

    it('under 100 concurrent identical adds, keep exactly one memory', async () => {
      const store = context.store();
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          store.apply(acme('user:1'), [{ op: 'add', text: 'Is vegetarian' }], writerProvenance),
        ),
      );
      const applied = results.flatMap((result) => result.applied);
      const rejected = results.flatMap((result) => result.rejected);
      expect(applied).toHaveLength(1);
      expect(rejected).toHaveLength(99);
      for (const rejection of rejected) {
        expect(rejection.code).toBe(RejectionCode.duplicate);
        expect(rejection.existingId).toBe(applied[0]?.record.id);
      }
      expect((await store.list(acme('user:1'))).records).toHaveLength(1);
    });

    it('update text and salience in place, keeping id, scope, layer, createdAt and metadata', async () => {
      const store = context.store();
      const before = await addMemory(store, acme('user:1'), {
        op: 'add',
        text: 'Works at a bakery',
        layer: 'episodic',
        salience: 0.4,
        metadata: { origin: 'chat' },
      });
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'update', id: before.id, text: 'Works at a bookshop' }],
        { writer: 'editor' },
      );
      const after = result.applied[0]?.record;
      expect(result.applied[0]?.op).toBe('update');
      expect(after).toMatchObject({
        id: before.id,
        scope: before.scope,
        layer: 'episodic',
        text: 'Works at a bookshop',
        salience: 0.4,
        metadata: { origin: 'chat' },
        provenance: { writer: 'editor' },
      });
      expect(after?.createdAt.getTime()).toBe(before.createdAt.getTime());
      expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
      expect(await store.get(acme('user:1'), before.id)).toEqual(after);
      const salience = await store.apply(
        acme('user:1'),
        [{ op: 'update', id: before.id, text: 'Works at a bookshop', salience: 0.9 }],
        writerProvenance,
      );
      expect(salience.applied[0]?.record.salience).toBe(0.9);
    });

    it('reject an update onto the text of another memory of that scope and layer as a duplicate', async () => {
      const store = context.store();
      const tea = await addMemory(store, acme('user:1'), 'Likes tea');
      const coffee = await addMemory(store, acme('user:1'), 'Likes coffee');
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'update', id: coffee.id, text: 'likes TEA' }],
        writerProvenance,
      );
      expect(result.rejected).toMatchObject([
        { index: 0, code: RejectionCode.duplicate, existingId: tea.id },
      ]);
      expect((await store.get(acme('user:1'), coffee.id))?.text).toBe('Likes coffee');
    });

    it('let a descendant scope update and delete a memory of its ancestor, which keeps its scope', async () => {
      const store = context.store();
      const fact = await addMemory(store, acme('user:1'), 'Lives in Porto');
      const result = await store.apply(
        acme('user:1', 'conversation:9'),
        [{ op: 'update', id: fact.id, text: 'Lives in Braga' }],
        writerProvenance,
      );
      expect(result.applied[0]?.record.scope).toEqual(acme('user:1'));
      const deleted = await store.apply(
        acme('user:1', 'conversation:9'),
        [{ op: 'delete', id: fact.id }],
        writerProvenance,
      );
      expect(deleted.applied[0]?.op).toBe('delete');
    });

    it('delete: answer the record as it last stood, then treat the id as unknown', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), 'Plays the cello');
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'delete', id: record.id }],
        writerProvenance,
      );
      expect(result.applied[0]?.record).toMatchObject({ id: record.id, text: 'Plays the cello' });
      expect(await store.get(acme('user:1'), record.id)).toBeUndefined();
      const again = await store.apply(
        acme('user:1'),
        [{ op: 'delete', id: record.id }],
        writerProvenance,
      );
      expect(again.rejected).toMatchObject([{ index: 0, code: RejectionCode.unknownId }]);
      const retrieved = await store.retrieve({ scope: acme('user:1'), cue: 'cello', limit: 10 });
      expect(retrieved.memories).toEqual([]);
      expect(retrieved.dropped.map((row) => row.id)).not.toContain(record.id);
    });

    it('refuse a malformed scope or provenance with InvalidMemoryInput and write nothing', async () => {
      const store = context.store();
      const ops = [{ op: 'add', text: 'Collects stamps' }];
      await expectFailure(
        store.apply({ tenant: 'acme', path: ['a/b'] }, ops, writerProvenance),
        InvalidMemoryInput.code,
      );
      await expectFailure(
        store.apply(acme('user:1'), ops, { writer: '' }),
        InvalidMemoryInput.code,
      );
      expect((await store.list(acme())).records).toEqual([]);
    });
  });
}
