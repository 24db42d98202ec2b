import { barrier } from '@symfonic/test-support';
import { describe, expect, it } from 'vitest';
import type { MemoryRow } from '../rows/memory-columns.js';
import { PinnedCache } from './pinned-cache.js';

const scope = { tenant: 'acme', path: ['user:1'] };

function row(id: string): MemoryRow {
  const at = new Date('2026-12-01T12:00:00.000Z');
  return {
    id,
    tenant: 'acme',
    path: ['user:1'],
    layer: 'semantic',
    text: `fact ${id}`,
    salience: 0.95,
    metadata: { source: 'test' },
    writer: 'test',
    turnId: null,
    replyFamily: null,
    context: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/** A load that counts its calls and answers the rows it is given. */
function counted(rows: MemoryRow[]) {
  const load = async () => {
    load.calls += 1;
    return structuredClone(rows);
  };
  load.calls = 0;
  return load;
}

describe('PinnedCache', () => {
  it('keeps an answer until a write, and hands out copies', async () => {
    const cache = new PinnedCache();
    const load = counted([row('a')]);
    const first = await cache.read(scope, 0.9, 10, load);
    const second = await cache.read(scope, 0.9, 10, load);
    expect(load.calls).toBe(1);
    expect(second).toEqual(first);
    (second[0]?.metadata as Record<string, unknown>).source = 'changed by a caller';
    second[0]?.updatedAt.setTime(0);
    expect(await cache.read(scope, 0.9, 10, load)).toEqual(first);

    await cache.write(async () => undefined);
    await cache.read(scope, 0.9, 10, load);
    expect(load.calls).toBe(2);
  });

  it('keeps one answer per scope and options', async () => {
    const cache = new PinnedCache();
    const load = counted([row('a')]);
    await cache.read(scope, 0.9, 10, load);
    await cache.read({ tenant: 'acme', path: ['user:1', 'conversation:1'] }, 0.9, 10, load);
    await cache.read(scope, 0.95, 10, load);
    await cache.read(scope, 0.9, 11, load);
    await cache.read({ tenant: 'acme2', path: ['user:1'] }, 0.9, 10, load);
    expect(load.calls).toBe(5);
    await cache.read(scope, 0.9, 10, load);
    expect(load.calls).toBe(5);
  });

  it('does not keep a read that a write overlapped, started before or after it', async () => {
    const cache = new PinnedCache();
    const load = counted([row('a')]);
    // A read overtaken by a write that starts and ends while it reads.
    const reading = barrier();
    const read = cache.read(scope, 0.9, 10, async () => {
      await reading.opened;
      return load();
    });
    await cache.write(async () => undefined);
    reading.open();
    await read;
    await cache.read(scope, 0.9, 10, load);
    expect(load.calls).toBe(2);

    // A read that starts while a write runs.
    const writing = barrier();
    const write = cache.write(() => writing.opened);
    await cache.read(scope, 0.9, 10, load);
    writing.open();
    await write;
    await cache.read(scope, 0.9, 10, load);
    expect(load.calls).toBe(4);
  });

  it('drops every answer on a failed write too', async () => {
    const cache = new PinnedCache();
    const load = counted([row('a')]);
    await cache.read(scope, 0.9, 10, load);
    await expect(
      cache.write(async () => {
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await cache.read(scope, 0.9, 10, load);
    expect(load.calls).toBe(2);
  });

  it('keeps at most its capacity, dropping the oldest answer first', async () => {
    const cache = new PinnedCache(2);
    const load = counted([row('a')]);
    const at = (user: string) => ({ tenant: 'acme', path: [user] });
    await cache.read(at('user:1'), 0.9, 10, load);
    await cache.read(at('user:2'), 0.9, 10, load);
    await cache.read(at('user:3'), 0.9, 10, load);
    expect(load.calls).toBe(3);
    await cache.read(at('user:3'), 0.9, 10, load);
    await cache.read(at('user:2'), 0.9, 10, load);
    expect(load.calls).toBe(3);
    await cache.read(at('user:1'), 0.9, 10, load);
    expect(load.calls).toBe(4);
  });
});
