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
