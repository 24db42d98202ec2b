import { createInMemoryStore } from '@symfonic/store-memory';
import { describe, expect, it } from 'vitest';
import { exportScope } from './export-scope.js';
import { importScope } from './import-scope.js';

const user = { tenant: 'acme', path: ['user:1'] };
const conversation = { tenant: 'acme', path: ['user:1', 'c:1'] };

async function dumpOf(store: ReturnType<typeof createInMemoryStore>, scope = user) {
  const lines: string[] = [];
  for await (const line of exportScope(store, scope)) lines.push(line);
  return lines;
}

/** A store holding a memory written at 09:00 and a turn logged at 10:00, under `user`. */
async function restored() {
  const store = createInMemoryStore();
  await store.restore(user, {
    memories: [
      {
        id: 'm1',
        scope: user,
        versions: [
          {
            memoryId: 'm1',
            version: 1,
            change: 'created',
            layer: 'semantic',
            text: 'Likes tea',
            salience: 0.5,
            provenance: { writer: 'app' },
            at: new Date('2026-01-02T09:00:00.000Z'),
          },
        ],
      },
    ],
    turns: [
      {
        scope: conversation,
        turnId: 't1',
        speaker: 'user',
        text: 'Hi',
        turn: 0,
        at: new Date('2026-01-02T10:00:00.000Z'),
      },
    ],
  });
  return store;
}

describe('exportScope', () => {
  it("dates the header by the latest change the dump holds, a turn's included", async () => {
    const [header] = await dumpOf(await restored());
    expect(JSON.parse(header as string)).toEqual({
      kind: 'header',
      format: 'symfonic-dump/1',
      scope: user,
      exportedAt: '2026-01-02T10:00:00.000Z',
    });
  });

  it('gives the same dump, byte for byte, exported again later and from the store it was imported into', async () => {
    const store = await restored();
    const first = await dumpOf(store);
    // Later on the clock: a wall-clock header would differ by now.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await dumpOf(store)).join('\n')).toBe(first.join('\n'));
    const target = createInMemoryStore();
    await importScope(target, first);
    expect((await dumpOf(target)).join('\n')).toBe(first.join('\n'));
  });

  it('leaves out what is above the scope, its time included', async () => {
    const [header] = await dumpOf(await restored(), conversation);
    expect(JSON.parse(header as string).exportedAt).toBe('2026-01-02T10:00:00.000Z');
    const store = await restored();
    await store.restore(
      { tenant: 'acme', path: [] },
      {
        turns: [
          {
            scope: { tenant: 'acme', path: ['user:2'] },
            turnId: 't9',
            speaker: 'user',
            text: 'Elsewhere',
            turn: 0,
            at: new Date('2026-05-01T00:00:00.000Z'),
          },
        ],
      },
    );
    const [again] = await dumpOf(store);
    expect(JSON.parse(again as string).exportedAt).toBe('2026-01-02T10:00:00.000Z');
  });

  it('dates the dump of an empty scope at the Unix epoch', async () => {
    const lines = await dumpOf(createInMemoryStore());
    expect(JSON.parse(lines[0] as string).exportedAt).toBe('1970-01-01T00:00:00.000Z');
    expect(lines.at(-1)).toBe('{"kind":"end","memories":0,"turns":0}');
  });
});
