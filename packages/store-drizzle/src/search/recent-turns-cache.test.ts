import type { ConversationTurn } from '@symfonic/core';
import { barrier } from '@symfonic/test-support';
import { describe, expect, it } from 'vitest';
import { RecentTurnsCache } from './recent-turns-cache.js';

const conversation = { tenant: 'acme', path: ['user:1', 'conversation:1'] };
const other = { tenant: 'acme', path: ['user:1', 'conversation:2'] };

function turn(turnId: string, number: number): ConversationTurn {
  return { turnId, speaker: 'user', text: `said ${turnId}`, turn: number };
}

/** A load that counts its calls and answers the last `limit` of `turns` (oldest first). */
function counted(turns: ConversationTurn[]) {
  const load = async (limit: number) => {
    load.calls += 1;
    load.limits.push(limit);
    return structuredClone(turns.slice(Math.max(0, turns.length - limit)));
  };
  load.calls = 0;
  load.limits = [] as number[];
  return load;
}

const ids = (turns: readonly ConversationTurn[]) => turns.map((kept) => kept.turnId);

describe('RecentTurnsCache', () => {
  it('keeps a read, answers shallower reads from it, and hands out copies', async () => {
    const cache = new RecentTurnsCache();
    const load = counted([turn('a', 0), turn('b', 1), turn('c', 2), turn('d', 3)]);
    expect(ids(await cache.read(conversation, 3, load))).toEqual(['b', 'c', 'd']);
    const shallower = await cache.read(conversation, 2, load);
    expect(ids(shallower)).toEqual(['c', 'd']);
    expect(load.calls).toBe(1);
    (shallower[0] as { text: string }).text = 'changed by a caller';
    expect((await cache.read(conversation, 2, load))[0]?.text).toBe('said c');

    expect(ids(await cache.read(conversation, 4, load))).toEqual(['a', 'b', 'c', 'd']);
    expect(load.limits).toEqual([3, 4]);
  });

  it('answers any depth from a read that found every turn of the scope', async () => {
    const cache = new RecentTurnsCache();
    const load = counted([turn('a', 0), turn('b', 1)]);
    await cache.read(conversation, 5, load);
    expect(ids(await cache.read(conversation, 20, load))).toEqual(['a', 'b']);
    expect(load.calls).toBe(1);
  });

  it('places an appended turn after every kept turn whose number is not higher, and keeps the depth', async () => {
    const cache = new RecentTurnsCache();
    const load = counted([turn('a', 0), turn('b', 2), turn('c', 4)]);
    await cache.read(conversation, 3, load);

    await cache.append(conversation, async () => ({ turn: turn('d', 5), logged: true }));
    expect(ids(await cache.read(conversation, 3, load))).toEqual(['b', 'c', 'd']);

    await cache.append(conversation, async () => ({ turn: turn('e', 4), logged: true }));
    expect(ids(await cache.read(conversation, 3, load))).toEqual(['c', 'e', 'd']);

    // Older than every kept turn: not among the last three.
    await cache.append(conversation, async () => ({ turn: turn('f', 1), logged: true }));
    expect(ids(await cache.read(conversation, 3, load))).toEqual(['c', 'e', 'd']);
    expect(load.calls).toBe(1);
  });

  it('grows a list that held every turn, and leaves a list as it was for a turn logged before', async () => {
    const cache = new RecentTurnsCache();
    const load = counted([turn('a', 0)]);
    await cache.read(conversation, 2, load);
    await cache.append(conversation, async () => ({ turn: turn('b', 1), logged: true }));
    await cache.append(conversation, async () => ({ turn: turn('a', 0), logged: false }));
    expect(ids(await cache.read(conversation, 2, load))).toEqual(['a', 'b']);
    await cache.append(conversation, async () => ({ turn: turn('c', 2), logged: true }));
    expect(ids(await cache.read(conversation, 2, load))).toEqual(['b', 'c']);
    expect(load.calls).toBe(1);
    // Three turns were logged and the list kept two: a deeper read goes to the log.
    const deeper = counted([turn('a', 0), turn('b', 1), turn('c', 2)]);
    expect(ids(await cache.read(conversation, 3, deeper))).toEqual(['a', 'b', 'c']);
    expect(deeper.calls).toBe(1);
  });

  it("keeps other scopes' lists through an append that ran alone", async () => {
    const cache = new RecentTurnsCache();
    const loadOther = counted([turn('x', 0)]);
    await cache.read(other, 5, loadOther);
    await cache.append(conversation, async () => ({ turn: turn('a', 0), logged: true }));
    expect(ids(await cache.read(other, 5, loadOther))).toEqual(['x']);
    expect(loadOther.calls).toBe(1);
  });

  it('does not keep a read that an append overtook', async () => {
    const cache = new RecentTurnsCache();
    const gate = barrier();
    const load = async (limit: number) => {
      await gate.opened;
      return [turn('a', 0)].slice(0, limit);
    };
    const reading = cache.read(conversation, 5, load);
    await cache.append(conversation, async () => ({ turn: turn('b', 1), logged: true }));
    gate.open();
    expect(ids(await reading)).toEqual(['a']);
    const fresh = counted([turn('a', 0), turn('b', 1)]);
    expect(ids(await cache.read(conversation, 5, fresh))).toEqual(['a', 'b']);
    expect(fresh.calls).toBe(1);
  });

  it('drops every list when two appends overlap, or an append fails', async () => {
    const cache = new RecentTurnsCache();
    const load = counted([turn('a', 0)]);
    await cache.read(conversation, 5, load);
    await cache.read(other, 5, load);

    const gate = barrier();
    const first = cache.append(conversation, async () => {
      await gate.opened;
      return { turn: turn('b', 1), logged: true };
    });
    const second = cache.append(other, async () => ({ turn: turn('y', 1), logged: true }));
    gate.open();
    await Promise.all([first, second]);
    await cache.read(conversation, 5, load);
    await cache.read(other, 5, load);
    expect(load.calls).toBe(4);

    await expect(
      cache.append(conversation, async () => {
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('the database went away');
    await cache.read(other, 5, load);
    expect(load.calls).toBe(5);
  });

  it('drops every list for a write that may change turns anywhere', async () => {
    const cache = new RecentTurnsCache();
    const load = counted([turn('a', 0)]);
    await cache.read(conversation, 5, load);
    expect(await cache.write(async () => 'restored')).toBe('restored');
    await cache.read(conversation, 5, load);
    expect(load.calls).toBe(2);
  });

  it('keeps at most `capacity` scopes, the least recently read dropped first', async () => {
    const cache = new RecentTurnsCache(2);
    const load = counted([turn('a', 0)]);
    const third = { tenant: 'acme', path: ['user:2'] };
    await cache.read(conversation, 5, load);
    await cache.read(other, 5, load);
    await cache.read(conversation, 5, load);
    await cache.read(third, 5, load);
    expect(load.calls).toBe(3);
    await cache.read(conversation, 5, load);
    expect(load.calls).toBe(3);
    await cache.read(other, 5, load);
    expect(load.calls).toBe(4);
  });
});
