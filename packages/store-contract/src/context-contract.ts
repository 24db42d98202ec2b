import { Limits, RejectionCode } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, addMemory, idsOf, writerProvenance } from './contract-fixtures.js';

/**
 * Memory context: searchable text beside a memory's own, stored exactly,
 * kept or replaced by updates as asked, carried by history, found with less
 * weight than the text, never part of what makes two memories duplicates.
 */
export function describeContextContract(context: ContractContext): void {
  describe('memory context', () => {
    it('is stored exactly and returned by apply, get, list, retrieve and history; absent when not written', async () => {
      const store = context.store();
      const scope = acme('user:1');
      const written = 'Caroline: What did you paint last weekend? \u{1F3A8}';
      const [record, plain] = await addMemories(store, scope, [
        { op: 'add', layer: 'episodic', text: 'Melanie: A sunset over the lake', context: written },
        { op: 'add', text: 'Likes quiet mornings' },
      ]);
      expect(record?.context).toBe(written);
      expect(plain && 'context' in plain).toBe(false);
      expect((await store.get(scope, record?.id as string))?.context).toBe(written);
      const listed = (await store.list(scope)).records;
      expect(listed.find(({ id }) => id === record?.id)?.context).toBe(written);
      expect(listed.find(({ id }) => id === plain?.id)).not.toHaveProperty('context');
      const retrieved = await store.retrieve({ scope, cue: 'sunset lake', limit: 1 });
      expect(retrieved.memories[0]?.record.context).toBe(written);
      const [created] = await store.history(scope, record?.id as string);
      expect(created?.context).toBe(written);
      const pinnedFact = await addMemory(store, scope, {
        op: 'add',
        text: 'Allergic to peanuts',
        salience: 1,
        context: 'Caroline: Any allergies?',
      });
      const [pinned] = await store.pinned(scope, { minSalience: 0.9, limit: 10 });
      expect(pinned).toEqual(pinnedFact);
    });

    it('is kept by an update that leaves it out, replaced by a string, removed by null, each version in history', async () => {
      const store = context.store();
      const scope = acme('user:1');
      const record = await addMemory(store, scope, {
        op: 'add',
        text: 'Melanie: A sunset',
        context: 'Caroline: What did you paint?',
      });
      const update = async (op: Record<string, unknown>) => {
        const result = await store.apply(
          scope,
          [{ op: 'update', id: record.id, ...op }],
          writerProvenance,
        );
        expect(result.rejected).toEqual([]);
        return result.applied[0]?.record;
      };
      expect((await update({ text: 'Melanie: A sunset over the lake' }))?.context).toBe(
        'Caroline: What did you paint?',
      );
      expect(
        (await update({ text: 'Melanie: A sunrise', context: 'Caroline: And this one?' }))?.context,
      ).toBe('Caroline: And this one?');
      const removed = await update({ text: 'Melanie: A sunrise over the sea', context: null });
      expect(removed && 'context' in removed).toBe(false);
      expect(await store.get(scope, record.id)).not.toHaveProperty('context');
      const history = await store.history(scope, record.id);
      expect(history.map((version) => version.context)).toEqual([
        'Caroline: What did you paint?',
        'Caroline: What did you paint?',
        'Caroline: And this one?',
        undefined,
      ]);
    });

    it('is searched as it now stands: a replaced or removed context no longer matches', async () => {
      // Ranked by words alone, so only full-text matching decides what comes back.
      const harness = await context.open({
        embedder: context.embedder,
        fusionWeights: { lexical: 1, vector: 0 },
      });
      try {
        await harness.reset();
        const store = harness.store;
        const scope = acme('user:1');
        const [replaced, removed] = await addMemories(store, scope, [
          { op: 'add', text: 'Melanie: A sunset', context: 'Caroline: Which pelican?' },
          { op: 'add', text: 'Melanie: A sunrise', context: 'Caroline: Which heron?' },
        ]);
        const updated = await store.apply(
          scope,
          [
            {
              op: 'update',
              id: replaced?.id,
              text: 'Melanie: A sunset',
              context: 'Caroline: Which gull?',
            },
            { op: 'update', id: removed?.id, text: 'Melanie: A sunrise', context: null },
          ],
          writerProvenance,
        );
        expect(updated.rejected).toEqual([]);
        const found = async (cue: string) =>
          idsOf((await store.retrieve({ scope, cue, limit: 5 })).memories);
        expect(await found('pelican')).toEqual([]);
        expect(await found('heron')).toEqual([]);
        expect(await found('gull')).toEqual([replaced?.id]);
      } finally {
        await harness.close();
      }
    });

    it('finds a memory by words only its context holds, below one holding them in its text', async () => {
      const store = context.store();
      const scope = acme('user:1');
      const [answer, question] = await addMemories(store, scope, [
        {
          op: 'add',
          layer: 'episodic',
          text: 'Melanie: A sunset over the lake',
          context: 'Caroline: What did you paint, quokka?',
        },
        { op: 'add', layer: 'episodic', text: 'Caroline: What did you paint, quokka?' },
        { op: 'add', layer: 'episodic', text: 'Melanie: Went hiking on Sunday' },
      ]);
      const result = await store.retrieve({ scope, cue: 'quokka painting', limit: 5 });
      // A store ranking by vectors too may add the third memory after them.
      expect(idsOf(result.memories).slice(0, 2)).toEqual([question?.id, answer?.id]);
      const [first, second] = result.memories;
      expect(first?.relevance).toBeGreaterThan(second?.relevance ?? Number.POSITIVE_INFINITY);
      const candidates = await store.scanCandidates({ scope, cue: 'quokka', limit: 5 });
      expect(idsOf(candidates.memories)).toContain(answer?.id);
    });

    it('never matches for a scope that cannot see the memory', async () => {
      const store = context.store();
      await addMemory(store, acme('user:2'), {
        op: 'add',
        text: 'Melanie: A sunset',
        context: 'Caroline: What did you paint, wombat?',
      });
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'wombat', limit: 5 });
      expect(result.memories).toEqual([]);
    });

    it('does not make two memories distinct: the same text with another context is a duplicate', async () => {
      const store = context.store();
      const scope = acme('user:1');
      const first = await addMemory(store, scope, {
        op: 'add',
        text: 'Melanie: Yes',
        context: 'A?',
      });
      const result = await store.apply(
        scope,
        [{ op: 'add', text: 'Melanie: Yes', context: 'B?' }],
        writerProvenance,
      );
      expect(result.rejected).toMatchObject([
        { index: 0, code: RejectionCode.duplicate, existingId: first.id },
      ]);
    });

    it('refuses a context over Limits.memoryContext as text-too-long and a blank one as invalid-op, writing nothing', async () => {
      const store = context.store();
      const scope = acme('user:1');
      const result = await store.apply(
        scope,
        [
          { op: 'add', text: 'Too much context', context: 'x'.repeat(Limits.memoryContext + 1) },
          { op: 'add', text: 'Blank context', context: ' \t ' },
          { op: 'add', text: 'Just enough context', context: 'x'.repeat(Limits.memoryContext) },
        ],
        writerProvenance,
      );
      expect(result.rejected.map(({ index, code }) => [index, code])).toEqual([
        [0, RejectionCode.textTooLong],
        [1, RejectionCode.invalidOp],
      ]);
      expect(result.rejected[0]?.reason).toContain('context');
      expect((await store.list(scope)).records.map(({ text }) => text)).toEqual([
        'Just enough context',
      ]);
    });
  });
}
