import { InvalidMemoryInput, Limits, RejectionCode } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, expectFailure, writerProvenance } from './contract-fixtures.js';

/** Family emoji (ZWJ sequence), Hebrew and Arabic (right to left), a decomposed accent, a flag. */
const unicodeTexts = [
  'Family: 👩‍👩‍👧‍👦 and a dog 🐕‍🦺',
  'שלום עולם — مرحبا بالعالم',
  'Cafe\u0301 is not Café, and both stay as written',
  'Flag 🇵🇹, skin tone 👍🏽, variation ☺︎',
];

/** Unicode round-trips exactly; limits are enforced with errors or rejections, never truncation. */
export function describeUnicodeAndLimitsContract(context: ContractContext): void {
  describe('unicode and limits', () => {
    it('round-trips emoji, right-to-left text and combining marks exactly', async () => {
      const store = context.store();
      const scope = { tenant: 'ácme', path: ['用户:42', 'שיחה'] };
      for (const text of unicodeTexts) {
        const record = await addMemory(store, scope, text);
        expect(record.text).toBe(text);
        expect((await store.get(scope, record.id))?.text).toBe(text);
        expect((await store.history(scope, record.id))[0]?.text).toBe(text);
        expect(record.scope).toEqual(scope);
      }
      const listed = await store.list(scope);
      expect(listed.records.map((record) => record.text)).toEqual(unicodeTexts);
      await store.append(scope, {
        turnId: 't-😀',
        speaker: 'מִשְׁתַּמֵּשׁ',
        text: unicodeTexts[0] ?? '',
        turn: 0,
      });
      expect(await store.recent(scope, 1)).toEqual([
        { turnId: 't-😀', speaker: 'מִשְׁתַּמֵּשׁ', text: unicodeTexts[0], turn: 0 },
      ]);
    });

    it('keeps a memory at exactly the length limit whole, and rejects one character more', async () => {
      const store = context.store();
      const longest = `${'a'.repeat(Limits.memoryText - 2)}ok`;
      const record = await addMemory(store, acme('user:1'), longest);
      expect((await store.get(acme('user:1'), record.id))?.text).toBe(longest);
      const result = await store.apply(
        acme('user:1'),
        [{ op: 'add', text: `${longest}!` }],
        writerProvenance,
      );
      expect(result.rejected).toMatchObject([{ index: 0, code: RejectionCode.textTooLong }]);
      expect((await store.list(acme('user:1'))).records).toHaveLength(1);
    });

    it('applies exactly Limits.opsPerApply ops, and refuses one more whole, with InvalidMemoryInput', async () => {
      const store = context.store();
      const ops = (count: number, word: string) =>
        Array.from({ length: count }, (_, index) => ({ op: 'add', text: `${word} ${index}` }));
      const full = await store.apply(
        acme('user:1'),
        ops(Limits.opsPerApply, 'kept'),
        writerProvenance,
      );
      expect(full.applied).toHaveLength(Limits.opsPerApply);
      await expectFailure(
        store.apply(acme('user:2'), ops(Limits.opsPerApply + 1, 'refused'), writerProvenance),
        InvalidMemoryInput.code,
      );
      // A sparse array claiming billions of ops is refused by its length, without reading it.
      await expectFailure(
        store.apply(acme('user:2'), new Array(2 ** 32 - 1), writerProvenance),
        InvalidMemoryInput.code,
      );
      expect((await store.list(acme('user:2'))).records).toEqual([]);
    });

    it('updates one memory Limits.opsPerApply times in one apply, keeping every version', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), 'revision 0');
      const updates = Array.from({ length: Limits.opsPerApply }, (_, index) => ({
        op: 'update',
        id: record.id,
        text: `revision ${index + 1}`,
      }));
      const result = await store.apply(acme('user:1'), updates, writerProvenance);
      expect(result.rejected).toEqual([]);
      const history = await store.history(acme('user:1'), record.id);
      expect(history.map((version) => version.version)).toEqual(
        Array.from({ length: Limits.opsPerApply + 1 }, (_, index) => index + 1),
      );
      expect(history.at(-1)?.text).toBe(`revision ${Limits.opsPerApply}`);
    });

    it('answers a malformed id the same way on every store: InvalidMemoryInput or invalid-op', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), 'Kept as it was');
      for (const id of [
        'm\u0000',
        `\uFEFF${record.id}`,
        `${record.id}\uD800`,
        '',
        'x'.repeat(Limits.id + 1),
      ]) {
        await expectFailure(store.get(acme('user:1'), id), InvalidMemoryInput.code);
        await expectFailure(store.history(acme('user:1'), id), InvalidMemoryInput.code);
        const result = await store.apply(
          acme('user:1'),
          [
            { op: 'update', id, text: 'changed' },
            { op: 'delete', id },
          ],
          writerProvenance,
        );
        expect(result.rejected.map((row) => row.code)).toEqual([
          RejectionCode.invalidOp,
          RejectionCode.invalidOp,
        ]);
      }
      expect(await store.get(acme('user:1'), record.id)).toEqual(record);
    });

    it('refuses a "__proto__" metadata key with a reason, never dropping it', async () => {
      const store = context.store();
      const result = await store.apply(
        acme('user:1'),
        [
          { op: 'add', text: 'Carries metadata', metadata: JSON.parse('{"__proto__":{"a":1}}') },
          {
            op: 'add',
            text: 'Carries nested metadata',
            metadata: JSON.parse('{"b":{"__proto__":1}}'),
          },
        ],
        writerProvenance,
      );
      expect(result.applied).toEqual([]);
      expect(result.rejected.map((row) => row.code)).toEqual([
        RejectionCode.invalidOp,
        RejectionCode.invalidOp,
      ]);
      for (const row of result.rejected) expect(row.reason).toContain('__proto__');
      expect((await store.list(acme('user:1'))).records).toEqual([]);
    });

    it('keeps a long text of astral characters whole', async () => {
      const store = context.store();
      const emoji = '🙂'.repeat(Limits.memoryText / 2);
      const record = await addMemory(store, acme('user:1'), emoji);
      expect((await store.get(acme('user:1'), record.id))?.text).toBe(emoji);
    });

    it('refuses an over-long or malformed scope everywhere with InvalidMemoryInput', async () => {
      const store = context.store();
      const badScopes = [
        { tenant: 'x'.repeat(Limits.segmentLength + 1), path: [] },
        { tenant: 'acme', path: Array.from({ length: Limits.pathDepth + 1 }, () => 'deep') },
        { tenant: 'acme', path: ['line\nbreak'] },
        { tenant: 'acme', path: ['..'] },
      ];
      for (const scope of badScopes) {
        await expectFailure(
          store.apply(scope, [{ op: 'add', text: 'x' }], writerProvenance),
          InvalidMemoryInput.code,
        );
        await expectFailure(store.retrieve({ scope, cue: 'x', limit: 1 }), InvalidMemoryInput.code);
        await expectFailure(store.get(scope, 'id'), InvalidMemoryInput.code);
        await expectFailure(store.list(scope), InvalidMemoryInput.code);
        await expectFailure(store.history(scope, 'id'), InvalidMemoryInput.code);
        await expectFailure(store.forget(scope), InvalidMemoryInput.code);
        await expectFailure(store.recent(scope, 1), InvalidMemoryInput.code);
        await expectFailure(
          store.append(scope, { turnId: 't', speaker: '', text: 'x', turn: 0 }),
          InvalidMemoryInput.code,
        );
      }
      const longestSegment = 's'.repeat(Limits.segmentLength);
      const deepest = {
        tenant: longestSegment,
        path: Array.from({ length: Limits.pathDepth }, () => longestSegment),
      };
      const record = await addMemory(store, deepest, 'at the edge of every scope limit');
      expect((await store.get(deepest, record.id))?.scope).toEqual(deepest);
    });
  });
}
