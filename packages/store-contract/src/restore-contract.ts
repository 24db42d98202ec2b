import {
  InvalidMemoryInput,
  type LoggedTurn,
  type RestoredMemory,
  ScopeViolation,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemory, expectFailure, globex, idsOf } from './contract-fixtures.js';
import { allChanges } from './read-all.js';

type RestoredVersion = RestoredMemory['versions'][number];

const at = (iso: string) => new Date(iso);

function version(
  memoryId: string,
  number: number,
  change: RestoredVersion['change'],
  text: string,
  time: string,
  extra: Partial<RestoredVersion> = {},
): RestoredVersion {
  return {
    memoryId,
    version: number,
    change,
    layer: 'semantic',
    text,
    salience: 0.5,
    provenance: { writer: 'importer', turnId: `turn-${number}` },
    at: at(time),
    ...extra,
  };
}

/** A memory created, updated with a context, then kept: three versions at fixed times. */
function restoredLive(id: string, text = 'Speaks Portuguese'): RestoredMemory {
  return {
    id,
    scope: acme('user:1'),
    metadata: { source: 'import', tags: ['language'] },
    versions: [
      version(id, 1, 'created', text, '2024-03-01T10:00:00.000Z'),
      version(id, 2, 'updated', `${text} fluently`, '2024-03-02T10:00:00.123Z', {
        context: 'Asked which languages they speak',
        salience: 0.95,
      }),
    ],
  };
}

function restoredDeleted(id: string): RestoredMemory {
  return {
    id,
    scope: acme('user:1', 'conversation:3'),
    versions: [
      version(id, 1, 'created', 'Was in Lisbon', '2024-02-01T08:00:00.000Z', { layer: 'episodic' }),
      version(id, 2, 'deleted', 'Was in Lisbon', '2024-02-05T08:00:00.000Z', {
        layer: 'episodic',
        provenance: { writer: 'person' },
      }),
    ],
  };
}

const turn: LoggedTurn = {
  scope: acme('user:1', 'conversation:3'),
  turnId: 'turn-1',
  speaker: 'user',
  text: 'I speak Portuguese',
  turn: 4,
  at: at('2024-02-01T07:59:00.000Z'),
};

/** `restore`: another store's memories and turns written back exactly, idempotently, all or nothing. */
export function describeRestoreContract(context: ContractContext): void {
  describe('restore', () => {
    it('writes memories with their whole history and turns back exactly', async () => {
      const store = context.store();
      const live = restoredLive('mem-live');
      const deleted = restoredDeleted('mem-deleted');
      const result = await store.restore(acme('user:1'), {
        memories: [live, deleted],
        turns: [turn],
      });
      expect(result).toEqual({
        memories: [{ status: 'imported' }, { status: 'imported' }],
        turns: [{ status: 'imported' }],
      });
      expect(await store.get(acme('user:1'), 'mem-live')).toEqual({
        id: 'mem-live',
        scope: acme('user:1'),
        layer: 'semantic',
        text: 'Speaks Portuguese fluently',
        context: 'Asked which languages they speak',
        salience: 0.95,
        provenance: { writer: 'importer', turnId: 'turn-2' },
        metadata: { source: 'import', tags: ['language'] },
        createdAt: at('2024-03-01T10:00:00.000Z'),
        updatedAt: at('2024-03-02T10:00:00.123Z'),
      });
      expect(await store.get(acme('user:1', 'conversation:3'), 'mem-deleted')).toBeUndefined();
      expect(await store.history(acme('user:1'), 'mem-live')).toEqual(live.versions);
      expect(await store.history(acme('user:1', 'conversation:3'), 'mem-deleted')).toEqual(
        deleted.versions,
      );
      const changes = await allChanges(store, acme('user:1'));
      expect(changes.map((change) => [change.memoryId, change.version])).toEqual([
        ['mem-deleted', 1],
        ['mem-deleted', 2],
        ['mem-live', 1],
        ['mem-live', 2],
      ]);
      expect(await store.recent(acme('user:1', 'conversation:3'), 5)).toEqual([
        { turnId: 'turn-1', speaker: 'user', text: 'I speak Portuguese', turn: 4 },
      ]);
      expect((await store.turns(acme('user:1'))).turns).toEqual([turn]);
      const retrieved = await store.retrieve({
        scope: acme('user:1'),
        cue: 'portuguese',
        limit: 5,
      });
      expect(idsOf(retrieved.memories)).toEqual(['mem-live']);
    });

    it('answers present for what it already holds, so a restore runs again without writing twice', async () => {
      const store = context.store();
      const batch = { memories: [restoredLive('mem-1'), restoredDeleted('mem-2')], turns: [turn] };
      await store.restore(acme('user:1'), batch);
      const again = await store.restore(acme('user:1'), batch);
      expect(again).toEqual({
        memories: [{ status: 'present' }, { status: 'present' }],
        turns: [{ status: 'present' }],
      });
      expect(await store.history(acme('user:1'), 'mem-1')).toHaveLength(2);
      expect(await store.recent(acme('user:1', 'conversation:3'), 5)).toHaveLength(1);
    });

    it('adds the versions a memory lacks when its history is the start of the restored one', async () => {
      const store = context.store();
      const full = restoredLive('mem-1');
      const start = { ...full, versions: full.versions.slice(0, 1), metadata: full.metadata };
      expect((await store.restore(acme('user:1'), { memories: [start] })).memories).toEqual([
        { status: 'imported' },
      ]);
      expect((await store.restore(acme('user:1'), { memories: [full] })).memories).toEqual([
        { status: 'imported' },
      ]);
      expect(await store.history(acme('user:1'), 'mem-1')).toEqual(full.versions);
      expect((await store.get(acme('user:1'), 'mem-1'))?.text).toBe('Speaks Portuguese fluently');
    });

    it('refuses, with a reason, an id held with another history and a duplicate of a live text', async () => {
      const store = context.store();
      await store.restore(acme('user:1'), { memories: [restoredLive('mem-1')], turns: [turn] });
      const other = restoredLive('mem-1', 'Speaks Spanish');
      const existing = await addMemory(store, acme('user:1'), 'Lives in Porto');
      const duplicate: RestoredMemory = {
        id: 'mem-dup',
        scope: acme('user:1'),
        versions: [version('mem-dup', 1, 'created', 'lives in porto', '2024-01-01T00:00:00.000Z')],
      };
      const fresh = restoredLive('mem-fresh', 'Drinks green tea');
      const result = await store.restore(acme('user:1'), {
        memories: [other, duplicate, fresh],
        turns: [{ ...turn, text: 'Something else' }],
      });
      expect(result.memories).toEqual([
        { status: 'refused', code: 'conflict', reason: expect.any(String) },
        { status: 'refused', code: 'duplicate', reason: expect.stringContaining(existing.id) },
        { status: 'imported' },
      ]);
      expect(result.turns).toEqual([
        { status: 'refused', code: 'conflict', reason: expect.any(String) },
      ]);
      expect((await store.get(acme('user:1'), 'mem-1'))?.text).toBe('Speaks Portuguese fluently');
      expect(await store.get(acme('user:1'), 'mem-dup')).toBeUndefined();
      expect((await store.recent(acme('user:1', 'conversation:3'), 5))[0]?.text).toBe(
        'I speak Portuguese',
      );
    });

    it('refuses a whole batch with an entry outside the scope, or a malformed one, writing nothing', async () => {
      const store = context.store();
      const foreign = { ...restoredLive('mem-foreign'), scope: globex('user:1') };
      const sibling = { ...restoredLive('mem-sibling'), scope: acme('user:2') };
      await expectFailure(
        store.restore(acme('user:1'), { memories: [restoredLive('mem-ok'), foreign] }),
        ScopeViolation.code,
      );
      await expectFailure(
        store.restore(acme('user:1'), {
          memories: [restoredLive('mem-ok')],
          turns: [{ ...turn, scope: acme('user:2') }],
        }),
        ScopeViolation.code,
      );
      await expectFailure(
        store.restore(acme('user:1'), { memories: [sibling] }),
        ScopeViolation.code,
      );
      const gap = restoredLive('mem-gap');
      const broken = { ...gap, versions: [gap.versions[1] as RestoredVersion] };
      await expectFailure(
        store.restore(acme('user:1'), { memories: [restoredLive('mem-ok'), broken] }),
        InvalidMemoryInput.code,
      );
      await expectFailure(
        store.restore(acme('user:1'), {
          memories: Array.from({ length: 1_001 }, (_, index) => restoredLive(`m${index}`)),
        }),
        InvalidMemoryInput.code,
      );
      expect(await store.get(acme('user:1'), 'mem-ok')).toBeUndefined();
      expect(await allChanges(store, acme())).toEqual([]);
    });

    it('refuses an id another tenant holds (ids are unique store-wide), reading nothing of that tenant', async () => {
      const store = context.store();
      const theirs = { ...restoredLive('mem-shared'), scope: globex('user:1') };
      await store.restore(globex(), { memories: [theirs] });
      const result = await store.restore(acme('user:1'), {
        memories: [restoredLive('mem-shared')],
      });
      expect(result.memories).toEqual([
        {
          status: 'refused',
          code: 'conflict',
          reason: 'memory id "mem-shared" is taken by another memory',
        },
      ]);
      expect(await store.get(acme('user:1'), 'mem-shared')).toBeUndefined();
      expect((await store.get(globex('user:1'), 'mem-shared'))?.text).toBe(
        'Speaks Portuguese fluently',
      );
    });

    it('keeps the order of the batch in list, after what was there', async () => {
      const store = context.store();
      const first = await addMemory(store, acme('user:1'), 'Written first');
      await store.restore(acme('user:1'), {
        memories: [restoredLive('mem-b', 'Beta fact'), restoredLive('mem-a', 'Alpha fact')],
      });
      expect(idsOf((await store.list(acme('user:1'))).records)).toEqual([
        first.id,
        'mem-b',
        'mem-a',
      ]);
    });
  });
}
