import {
  compareChanges,
  compareScopes,
  feedCursor,
  InvalidMemoryInput,
  type MemoryScope,
  type MemoryStore,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, expectFailure, globex } from './contract-fixtures.js';
import { allChanges, readAll } from './read-all.js';

/** Add, update and delete at `scope`: three versions of one memory, one of another. */
async function writeHistory(store: MemoryStore, scope: MemoryScope, text: string) {
  const kept = await addMemory(store, scope, `${text} kept`);
  const changed = await addMemory(store, scope, `${text} changed`);
  await store.apply(scope, [{ op: 'update', id: changed.id, text: `${text} changed again` }], {
    writer: 'editor',
  });
  await store.apply(scope, [{ op: 'delete', id: changed.id }], { writer: 'cleaner' });
  return { kept, changed };
}

/** `changes`, `scopes` and `turns`: the feeds a timeline, a conversation list and a dump read. */
export function describeFeedContract(context: ContractContext): void {
  describe('change feed', () => {
    it('answers every version visible to the scope, deletions included, in feed order', async () => {
      const store = context.store();
      const top = await addMemory(store, acme(), 'Company holiday is in August');
      const { kept, changed } = await writeHistory(store, acme('user:1'), 'Plays chess');
      const below = await addMemory(
        store,
        acme('user:1', 'conversation:7'),
        'Asked about openings',
      );
      await writeHistory(store, acme('user:2'), 'Sibling');
      await writeHistory(store, globex('user:1'), 'Other tenant');

      const changes = await allChanges(store, acme('user:1'));
      expect(changes.map((change) => [change.memoryId, change.version, change.change])).toEqual(
        expect.arrayContaining([
          [top.id, 1, 'created'],
          [kept.id, 1, 'created'],
          [changed.id, 1, 'created'],
          [changed.id, 2, 'updated'],
          [changed.id, 3, 'deleted'],
          [below.id, 1, 'created'],
        ]),
      );
      expect(changes).toHaveLength(6);
      expect([...changes].sort(compareChanges)).toEqual(changes);
      const deletion = changes.find((change) => change.change === 'deleted');
      expect(deletion).toMatchObject({
        scope: acme('user:1'),
        text: 'Plays chess changed again',
        provenance: { writer: 'cleaner' },
      });
      expect(changes.find((change) => change.memoryId === below.id)?.scope).toEqual(
        acme('user:1', 'conversation:7'),
      );
      const history = await store.history(acme('user:1'), changed.id);
      expect(
        changes
          .filter((change) => change.memoryId === changed.id)
          .map(({ scope: _scope, ...version }) => version),
      ).toEqual(history);
    });

    it('pages without repeats or gaps, and the last page has no cursor', async () => {
      const store = context.store();
      for (let index = 0; index < 4; index += 1) {
        await writeHistory(store, acme('user:1'), `Hobby ${index}`);
      }
      const whole = await allChanges(store, acme('user:1'));
      expect(whole).toHaveLength(16);
      const paged = await readAll(
        (options) => store.changes(acme('user:1'), options),
        (page) => page.changes,
        3,
      );
      expect(paged.items).toEqual(whole);
      expect(paged.pages).toBe(6);
      const last = await store.changes(acme('user:1'), { limit: 16 });
      expect(last.changes).toHaveLength(16);
      expect(last.nextCursor).toBeUndefined();
    });

    it('reads on after a cursor with what was written since at a later time', async () => {
      const store = context.store();
      const restored = (id: string, time: string) => ({
        id,
        scope: acme('user:1'),
        versions: [
          {
            memoryId: id,
            version: 1,
            change: 'created' as const,
            layer: 'semantic' as const,
            text: `Fact ${id}`,
            salience: 0.5,
            provenance: { writer: 'importer' },
            at: new Date(time),
          },
        ],
      });
      await store.restore(acme('user:1'), {
        memories: [restored('m-2', '2024-01-02T00:00:00.000Z')],
      });
      const first = await store.changes(acme('user:1'));
      expect(first.nextCursor).toBeUndefined();
      const seen = first.changes.at(-1);
      if (!seen) throw new Error('expected a change');
      await store.restore(acme('user:1'), {
        memories: [
          restored('m-1', '2024-01-03T00:00:00.000Z'),
          restored('m-0', '2024-01-01T00:00:00.000Z'),
        ],
      });
      const next = await store.changes(acme('user:1'), { after: feedCursor.encodeChange(seen) });
      expect(next.changes.map((change) => change.memoryId)).toEqual(['m-1']);
    });

    it('forgets what forget erased', async () => {
      const store = context.store();
      await writeHistory(store, acme('user:1'), 'Erased');
      await store.forget(acme('user:1'));
      expect((await store.changes(acme('user:1'))).changes).toEqual([]);
    });

    it('refuses a malformed scope, limit or cursor with InvalidMemoryInput', async () => {
      const store = context.store();
      await addMemory(store, acme('user:1'), 'A fact');
      const refused = [
        store.changes({ tenant: '', path: [] }),
        store.changes(acme('user:1'), { limit: 0 }),
        store.changes(acme('user:1'), { limit: 1_001 }),
        store.changes(acme('user:1'), { limit: 1.5 }),
        store.changes(acme('user:1'), { after: 'not-a-cursor' }),
        store.changes(acme('user:1'), { after: feedCursor.encodeScope(acme('user:1')) }),
        store.changes(acme('user:1'), { after: 'c1.eyJ4IjoxfQ' }),
      ];
      for (const call of refused) await expectFailure(call, InvalidMemoryInput.code);
    });
  });

  describe('scopes', () => {
    it('lists the scopes at or below the scope that hold memories or turns, with counts', async () => {
      const store = context.store();
      await addMemory(store, acme(), 'Tenant-wide fact');
      await writeHistory(store, acme('user:1'), 'User fact');
      await addMemory(store, acme('user:1', 'conversation:2'), 'Talked about tea');
      await store.append(acme('user:1', 'conversation:2'), { turnId: 't1', text: 'Hi' });
      await store.append(acme('user:1', 'conversation:2'), { turnId: 't2', text: 'Tea?' });
      await store.append(acme('user:1', 'conversation:10'), { turnId: 't1', text: 'Only turns' });
      await addMemory(store, acme('user:10'), 'Another user');
      await addMemory(store, globex('user:1'), 'Another tenant');

      const { items: scopes } = await readAll(
        (options) => store.scopes(acme('user:1'), options),
        (page) => page.scopes,
      );
      expect(scopes.map((summary) => summary.scope)).toEqual([
        acme('user:1'),
        acme('user:1', 'conversation:10'),
        acme('user:1', 'conversation:2'),
      ]);
      expect(scopes.map(({ lastActivity: _at, ...counts }) => counts)).toEqual([
        { scope: acme('user:1'), memories: 1, deleted: 1, turns: 0 },
        { scope: acme('user:1', 'conversation:10'), memories: 0, deleted: 0, turns: 1 },
        { scope: acme('user:1', 'conversation:2'), memories: 1, deleted: 0, turns: 2 },
      ]);
      const changes = await allChanges(store, acme('user:1'));
      const userChanges = changes.filter((change) => change.scope.path.length === 1);
      expect(scopes[0]?.lastActivity).toEqual(userChanges.at(-1)?.at);
      for (const summary of scopes) expect(summary.lastActivity).toBeInstanceOf(Date);
    });

    it('pages in scope order', async () => {
      const store = context.store();
      const paths = ['b', 'a', 'a\u{1F600}', 'a\uFFFD', 'c'];
      for (const path of paths) await addMemory(store, acme('user:1', path), `Fact in ${path}`);
      const expected = paths.map((path) => acme('user:1', path)).sort(compareScopes);
      const paged = await readAll(
        (options) => store.scopes(acme('user:1'), options),
        (page) => page.scopes,
        2,
      );
      expect(paged.items.map((summary) => summary.scope)).toEqual(expected);
      expect(paged.pages).toBe(3);
      await expectFailure(
        store.scopes(acme('user:1'), {
          after: feedCursor.encodeChange({ at: new Date(0), memoryId: 'x', version: 1 }),
        }),
        InvalidMemoryInput.code,
      );
    });
  });

  describe('turn feed', () => {
    it('answers every turn at or below the scope with its scope and time, by scope then turn', async () => {
      const store = context.store();
      await store.append(acme('user:1', 'c:2'), { turnId: 'late', text: 'Third', turn: 5 });
      await store.append(acme('user:1', 'c:2'), { turnId: 'early', text: 'First', turn: 1 });
      await store.append(acme('user:1', 'c:2'), { turnId: 'twin', text: 'Second', turn: 1 });
      await store.append(acme('user:1', 'c:1'), { turnId: 'other', text: 'Elsewhere' });
      await store.append(acme('user:2', 'c:1'), { turnId: 'sibling', text: 'Not mine' });
      const paged = await readAll(
        (options) => store.turns(acme('user:1'), options),
        (page) => page.turns,
        2,
      );
      expect(paged.items.map((turn) => [turn.scope, turn.turnId, turn.turn])).toEqual([
        [acme('user:1', 'c:1'), 'other', 0],
        [acme('user:1', 'c:2'), 'early', 1],
        [acme('user:1', 'c:2'), 'twin', 1],
        [acme('user:1', 'c:2'), 'late', 5],
      ]);
      for (const turn of paged.items) expect(turn.at).toBeInstanceOf(Date);
      const recent = await store.recent(acme('user:1', 'c:2'), 10);
      expect(recent.map((turn) => turn.turnId)).toEqual(['early', 'twin', 'late']);
    });
  });
}
