import {
  InvalidMemoryInput,
  type MemoryScope,
  type MemoryStore,
  MemoryUnavailable,
} from '@symfonic/core';
import { createInMemoryStore } from '@symfonic/store-memory';
import { describe, expect, it } from 'vitest';
import { exportScope } from './export-scope.js';
import type { ImportProgress } from './import-report.js';
import { importScope } from './import-scope.js';

const user = { tenant: 'acme', path: ['user:1'] };

async function dumpOf(store: MemoryStore, scope: MemoryScope): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of exportScope(store, scope)) lines.push(line);
  return lines;
}

async function seeded(): Promise<MemoryStore> {
  const store = createInMemoryStore();
  await store.apply(
    user,
    [
      { op: 'add', text: 'Likes tea' },
      { op: 'add', text: 'Owns a cat' },
    ],
    {
      writer: 'agent',
    },
  );
  await store.append({ tenant: 'acme', path: ['user:1', 'c:1'] }, { turnId: 't1', text: 'Hi' });
  return store;
}

async function rejection(action: Promise<unknown>): Promise<unknown> {
  try {
    await action;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('importScope', () => {
  it('imports a dump, then finds every line present the second time', async () => {
    const lines = await dumpOf(await seeded(), user);
    const target = createInMemoryStore();
    const progress: ImportProgress[] = [];
    const first = await importScope(target, lines, { onProgress: (step) => progress.push(step) });
    expect(first).toEqual({
      imported: { memories: 2, turns: 1 },
      present: { memories: 0, turns: 0 },
      refused: [],
      complete: true,
    });
    expect(progress.at(-1)).toEqual({
      lines: 5,
      imported: { memories: 2, turns: 1 },
      present: { memories: 0, turns: 0 },
      refused: 0,
    });
    const second = await importScope(target, lines);
    expect(second).toEqual({
      imported: { memories: 0, turns: 0 },
      present: { memories: 2, turns: 1 },
      refused: [],
      complete: true,
    });
  });

  it('puts a malformed, misplaced or foreign line in refused with its line and reason, and imports the rest', async () => {
    const lines = await dumpOf(await seeded(), user);
    const memory = JSON.parse(lines[1] as string);
    const tampered = [
      lines[0] as string,
      'not json',
      JSON.stringify({ ...memory, id: 'other', scope: { tenant: 'acme', path: ['user:2'] } }),
      JSON.stringify({ ...memory, id: 'bad-time', createdAt: '2020-01-01T00:00:00.000Z' }),
      JSON.stringify({ ...memory, id: 'no-versions', versions: [] }),
      lines[0] as string,
      '',
      ...lines.slice(1),
      lines[2] as string,
    ];
    const report = await importScope(createInMemoryStore(), tampered);
    expect(report.refused.map(({ line, kind, code }) => ({ line, kind, code }))).toEqual([
      { line: 2, kind: 'unknown', code: 'malformed' },
      { line: 3, kind: 'memory', code: 'outside-scope' },
      { line: 4, kind: 'memory', code: 'malformed' },
      { line: 5, kind: 'memory', code: 'malformed' },
      { line: 6, kind: 'unknown', code: 'misplaced' },
      { line: 12, kind: 'memory', code: 'misplaced' },
    ]);
    expect(report.refused[1]?.reason).toBe(
      'its scope "acme/user:2" is not at or below the dump\'s scope "acme/user:1"',
    );
    expect(report.imported).toEqual({ memories: 2, turns: 1 });
    expect(report.complete).toBe(false);
  });

  it('checks each field of a line once, with the path of what is wrong in the reason', async () => {
    const lines = await dumpOf(await seeded(), user);
    const memory = JSON.parse(lines[1] as string);
    const turn = JSON.parse(lines.at(-2) as string);
    const version = memory.versions[0];
    const tampered = [
      lines[0] as string,
      JSON.stringify({ ...memory, id: 'no-text', versions: [{ ...version, text: 7 }] }),
      JSON.stringify({ ...memory, id: 'own-id', versions: [{ ...version, memoryId: 'x' }] }),
      JSON.stringify({ ...memory, id: 'bad-metadata', metadata: 'not an object' }),
      JSON.stringify({ ...memory, id: 'bad-time', versions: [{ ...version, at: 'yesterday' }] }),
      JSON.stringify({ ...memory, id: '' }),
      JSON.stringify({ ...turn, speaker: 7 }),
      JSON.stringify({ ...turn, turnId: 't2', at: 'now' }),
    ];
    const report = await importScope(createInMemoryStore(), tampered);
    expect(report.refused.map(({ line, code, reason }) => ({ line, code, reason }))).toEqual([
      { line: 2, code: 'malformed', reason: expect.stringMatching(/^versions\.0\.text: /) },
      { line: 3, code: 'malformed', reason: expect.stringMatching(/^versions\.0: .*memoryId/) },
      { line: 4, code: 'malformed', reason: expect.stringMatching(/^metadata: /) },
      { line: 5, code: 'malformed', reason: expect.stringMatching(/^versions\.0\.at: /) },
      { line: 6, code: 'malformed', reason: expect.stringMatching(/^id: /) },
      { line: 7, code: 'malformed', reason: expect.stringMatching(/^speaker: /) },
      { line: 8, code: 'malformed', reason: expect.stringMatching(/^at: /) },
    ]);
    expect(report.imported).toEqual({ memories: 0, turns: 0 });
  });

  it('reports a dump cut short as not complete, having imported what it read', async () => {
    const lines = await dumpOf(await seeded(), user);
    const report = await importScope(createInMemoryStore(), lines.slice(0, 2));
    expect(report.imported).toEqual({ memories: 1, turns: 0 });
    expect(report.complete).toBe(false);
  });

  it('refuses a dump of another tenant unless remapped, and remaps it when asked', async () => {
    const lines = await dumpOf(await seeded(), user);
    const target = createInMemoryStore();
    const refused = await rejection(
      importScope(target, lines, { into: { tenant: 'globex', path: [] } }),
    );
    expect(InvalidMemoryInput.isInstance(refused)).toBe(true);
    expect((refused as Error).message).toContain('crosses tenants');
    expect((await target.changes({ tenant: 'globex', path: [] })).changes).toEqual([]);
    const moved = await importScope(target, lines, {
      into: { tenant: 'globex', path: [] },
      remap: { from: user, to: { tenant: 'globex', path: ['user:9'] } },
    });
    expect(moved.imported).toEqual({ memories: 2, turns: 1 });
    expect((await target.list({ tenant: 'globex', path: ['user:9'] })).records).toHaveLength(2);
    expect(await target.recent({ tenant: 'globex', path: ['user:9', 'c:1'] }, 5)).toHaveLength(1);
  });

  it('refuses an empty input, another format, or a first line that is not a header, writing nothing', async () => {
    const target = createInMemoryStore();
    const lines = await dumpOf(await seeded(), user);
    const header = JSON.parse(lines[0] as string);
    for (const input of [
      [],
      ['', '  '],
      [JSON.stringify({ ...header, format: 'symfonic-dump/2' })],
      lines.slice(1),
    ]) {
      expect(InvalidMemoryInput.isInstance(await rejection(importScope(target, input)))).toBe(true);
    }
    expect((await target.changes({ tenant: 'acme', path: [] })).changes).toEqual([]);
  });

  it('stops between batches when aborted: whole batches stay, the next is not written', async () => {
    const source = createInMemoryStore();
    await source.apply(
      user,
      Array.from({ length: 5 }, (_, index) => ({ op: 'add' as const, text: `Fact ${index}` })),
      { writer: 'agent' },
    );
    const lines = await dumpOf(source, user);
    const target = createInMemoryStore();
    const controller = new AbortController();
    const reason = new Error('stopped by the operator');
    const stopped = await rejection(
      importScope(target, lines, {
        batchSize: 2,
        signal: controller.signal,
        onProgress: () => controller.abort(reason),
      }),
    );
    expect(stopped).toBe(reason);
    expect((await target.list(user)).records).toHaveLength(2);
    expect(
      InvalidMemoryInput.isInstance(await rejection(importScope(target, lines, { batchSize: 0 }))),
    ).toBe(true);
  });

  it('fails with the store, keeping the batches written before', async () => {
    const source = createInMemoryStore();
    await source.apply(
      user,
      Array.from({ length: 5 }, (_, index) => ({ op: 'add' as const, text: `Fact ${index}` })),
      { writer: 'agent' },
    );
    const lines = await dumpOf(source, user);
    const target = createInMemoryStore();
    const written: number[] = [];
    const failure = await rejection(
      importScope(target, lines, {
        batchSize: 2,
        onProgress: ({ imported }) => {
          written.push(imported.memories);
          void target.close();
        },
      }),
    );
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect(written).toEqual([2]);
  });

  it("runs exclusive in the store's exclusive restore, ended once after the last batch, also when it fails", async () => {
    const lines = await dumpOf(await seeded(), user);
    const events: string[] = [];
    /** `store` with its exclusive restore and restores logged to `events`. */
    const logged = (store: MemoryStore): MemoryStore =>
      new Proxy(store, {
        get(target, name) {
          const value = Reflect.get(target, name, target);
          if (name === 'restore') {
            return (...args: Parameters<MemoryStore['restore']>) => {
              events.push('restore');
              return target.restore(...args);
            };
          }
          if (name === 'openExclusiveRestore') {
            return async (scope: MemoryScope) => {
              events.push(`open ${scope.path.join('/')}`);
              const session = await target.openExclusiveRestore?.(scope);
              return {
                end: async () => {
                  events.push('end');
                  await session?.end();
                },
              };
            };
          }
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const normal = await importScope(createInMemoryStore(), lines);
    const exclusive = await importScope(logged(createInMemoryStore()), lines, {
      exclusive: true,
      batchSize: 2,
    });
    expect(exclusive).toEqual(normal);
    expect(events).toEqual(['open user:1', 'restore', 'restore', 'end']);

    events.length = 0;
    const closed = createInMemoryStore();
    const failure = await rejection(
      importScope(logged(closed), lines, {
        exclusive: true,
        batchSize: 2,
        onProgress: () => void closed.close(),
      }),
    );
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect(events).toEqual(['open user:1', 'restore', 'restore', 'end']);
  });

  it('refuses exclusive for a store without an exclusive restore, writing nothing', async () => {
    const lines = await dumpOf(await seeded(), user);
    const store = createInMemoryStore();
    const plain: MemoryStore = new Proxy(store, {
      get(target, name) {
        if (name === 'openExclusiveRestore') return undefined;
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const failure = await rejection(importScope(plain, lines, { exclusive: true }));
    expect(InvalidMemoryInput.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe(
      'invalid import options: this store has no exclusive restore',
    );
    expect((await store.list(user)).records).toEqual([]);
  });
});
