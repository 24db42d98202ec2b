import { type ConversationTurn, InvalidMemoryInput, Limits } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, expectFailure, globex } from './contract-fixtures.js';

function turn(index: number, text = `turn number ${index}`, speaker = 'user'): ConversationTurn {
  return { turnId: `t${index}`, speaker, text, turn: index };
}

/** Turns: `recent` answers the last n turns at exactly the scope, oldest first; `append` is idempotent on `turnId`. */
export function describeTurnsContract(context: ContractContext): void {
  describe('turns', () => {
    it('answer the last n turns at that scope, oldest first', async () => {
      const store = context.store();
      for (let index = 0; index < 6; index += 1) await store.append(acme('user:1'), turn(index));
      const recent = await store.recent(acme('user:1'), 3);
      expect(recent.map((row) => row.turnId)).toEqual(['t3', 't4', 't5']);
      expect(recent[0]).toEqual(turn(3));
      expect(await store.recent(acme('user:1'), 0)).toEqual([]);
      expect((await store.recent(acme('user:1'), 50)).map((row) => row.turn)).toEqual([
        0, 1, 2, 3, 4, 5,
      ]);
    });

    it('order by turn number, not by arrival', async () => {
      const store = context.store();
      for (const index of [0, 1, 3, 2]) await store.append(acme('user:1'), turn(index));
      const recent = await store.recent(acme('user:1'), 10);
      expect(recent.map((row) => row.turn)).toEqual([0, 1, 2, 3]);
    });

    it('come from exactly the asked scope: not its ancestors, descendants, siblings or other tenants', async () => {
      const store = context.store();
      await store.append(acme('user:1'), turn(1, 'mine'));
      await store.append(acme(), turn(2, 'ancestor'));
      await store.append(acme('user:1', 'conversation:1'), turn(3, 'descendant'));
      await store.append(acme('user:10'), turn(4, 'prefix look-alike'));
      await store.append(globex('user:1'), turn(5, 'other tenant'));
      const recent = await store.recent(acme('user:1'), 10);
      expect(recent.map((row) => row.text)).toEqual(['mine']);
      expect(await store.recent(acme('user:2'), 10)).toEqual([]);
    });

    it('are logged once per turnId and scope, whatever a retry carries', async () => {
      const store = context.store();
      await store.append(acme('user:1'), turn(1, 'first'));
      await store.append(acme('user:1'), turn(1, 'first'));
      await store.append(acme('user:1'), { ...turn(1, 'a retry with other text'), turn: 9 });
      await store.append(acme('user:2'), turn(1, 'same id, other scope'));
      expect(await store.recent(acme('user:1'), 10)).toEqual([turn(1, 'first')]);
      expect((await store.recent(acme('user:2'), 10)).map((row) => row.text)).toEqual([
        'same id, other scope',
      ]);
    });

    it('are numbered by the store when the writer gives no number: the next position at that scope', async () => {
      const store = context.store();
      const first = await store.append(acme('user:1'), {
        turnId: 'a',
        speaker: 'user',
        text: 'hi',
      });
      expect(first).toEqual({ turnId: 'a', speaker: 'user', text: 'hi', turn: 0 });
      expect((await store.append(acme('user:1'), { turnId: 'b', text: 'hello' })).turn).toBe(1);
      // An explicit number is kept, and the next unnumbered turn follows the highest.
      expect(await store.append(acme('user:1'), turn(7))).toEqual(turn(7));
      expect((await store.append(acme('user:1'), { turnId: 'c', text: 'after' })).turn).toBe(8);
      // Numbering is per exact scope.
      expect(
        (await store.append(acme('user:1', 'conversation:1'), { turnId: 'a', text: 'x' })).turn,
      ).toBe(0);
      expect((await store.append(globex('user:1'), { turnId: 'a', text: 'x' })).turn).toBe(0);
      expect(
        (await store.recent(acme('user:1'), 10)).map((row) => `${row.turn}:${row.turnId}`),
      ).toEqual(['0:a', '1:b', '7:t7', '8:c']);
    });

    it('answer a retried unnumbered turn with the number it was first logged under', async () => {
      const store = context.store();
      await store.append(acme('user:1'), { turnId: 'a', text: 'first' });
      await store.append(acme('user:1'), { turnId: 'b', text: 'second' });
      expect(await store.append(acme('user:1'), { turnId: 'a', text: 'a retry' })).toEqual({
        turnId: 'a',
        speaker: '',
        text: 'first',
        turn: 0,
      });
      expect((await store.recent(acme('user:1'), 10)).map((row) => row.turn)).toEqual([0, 1]);
    });

    it('never give two concurrent unnumbered turns the same number', async () => {
      const store = context.store();
      const count = 24;
      const logged = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          store.append(acme('user:1'), {
            turnId: `concurrent-${index}`,
            speaker: 'user',
            text: `turn ${index}`,
          }),
        ),
      );
      const numbers = logged.map((row) => row.turn).sort((left, right) => left - right);
      expect(numbers).toEqual(Array.from({ length: count }, (_, index) => index));
      const stored = await store.recent(acme('user:1'), count);
      expect(new Set(stored.map((row) => row.turn)).size).toBe(count);
    });

    it('keep an empty speaker as empty', async () => {
      const store = context.store();
      await store.append(acme('user:1'), turn(1, 'from before speakers', ''));
      const [stored] = await store.recent(acme('user:1'), 1);
      expect(stored?.speaker).toBe('');
    });

    it('refuse a malformed turn or scope with InvalidMemoryInput and log nothing', async () => {
      const store = context.store();
      const tooLong = 'x'.repeat(Limits.turnText + 1);
      await expectFailure(store.append(acme('user:1'), turn(1, tooLong)), InvalidMemoryInput.code);
      await expectFailure(
        store.append(acme('user:1'), { ...turn(2), turnId: '' }),
        InvalidMemoryInput.code,
      );
      await expectFailure(store.append({ tenant: '', path: [] }, turn(3)), InvalidMemoryInput.code);
      expect(await store.recent(acme('user:1'), 10)).toEqual([]);
    });
  });
}
