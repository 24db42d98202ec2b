import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryUnavailable } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { afterAll, describe, expect, it } from 'vitest';
import { openPGliteStore } from './open-pglite-store.js';

const directory = mkdtempSync(join(tmpdir(), 'symfonic-pglite-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('openPGliteStore', () => {
  it('keeps memories on disk in dataDir across a close and a reopen, with vectors', async () => {
    // A fresh project: the folders above the data folder do not exist yet.
    const dataDir = join(directory, 'project', '.symfonic', 'memory');
    const embedder = createTestEmbedder();
    const scope = { tenant: 'acme', path: ['user:1'] };
    const first = await openPGliteStore({ dataDir, embedder });
    expect(first.vectors).toBe(true);
    const { applied } = await first.apply(scope, [{ op: 'add', text: 'Keeps bees' }], {
      writer: 'test',
    });
    await first.close();
    await first.close();

    const again = await openPGliteStore({ dataDir, embedder });
    try {
      const record = applied[0]?.record;
      expect(record && (await again.get(scope, record.id))).toEqual(record);
      const found = await again.retrieve({ scope, cue: 'honey insects', limit: 1 });
      expect(found.degradations).toEqual([]);
      expect(found.memories.map((memory) => memory.record.id)).toEqual([record?.id]);
    } finally {
      await again.close();
    }
  });

  // Two PGlite starts: a minute or more on a loaded machine.
  it('reads a folder opened, written and closed identically after reopening it', {
    timeout: 300_000,
  }, async () => {
    const dataDir = join(directory, 'reopened');
    const scope = { tenant: 'acme', path: ['user:2'] };
    const provenance = { writer: 'test' };
    const first = await openPGliteStore({ dataDir });
    const { applied } = await first.apply(
      scope,
      [
        { op: 'add', text: 'Keeps bees on the roof', salience: 0.95 },
        { op: 'add', text: 'Rides a red bicycle', layer: 'episodic' },
        { op: 'add', text: 'Drinks tea without sugar' },
      ],
      provenance,
    );
    const [bees, bicycle] = applied.map((result) => result.record.id);
    if (!bees || !bicycle) throw new Error('the adds were refused');
    await first.apply(
      scope,
      [
        { op: 'update', id: bees, text: 'Keeps two hives of bees on the roof' },
        { op: 'delete', id: bicycle },
      ],
      provenance,
    );
    await first.append(scope, { turnId: 't1', speaker: 'user', text: 'Do you remember my bees?' });
    await first.append(scope, {
      turnId: 't2',
      speaker: 'assistant',
      text: 'Two hives on the roof.',
    });
    const read = async (store: typeof first) => ({
      list: await store.list(scope),
      history: await store.history(scope, bees),
      changes: await store.changes(scope),
      recent: await store.recent(scope, 10),
    });
    const before = await read(first);
    await first.close();

    const again = await openPGliteStore({ dataDir });
    try {
      expect(before.list.records).toHaveLength(2);
      expect(before.history).toHaveLength(2);
      expect(before.recent).toHaveLength(2);
      expect(await read(again)).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('raises MemoryUnavailable naming the folder when dataDir cannot hold a database', async () => {
    const blocker = join(directory, 'a-file');
    writeFileSync(blocker, 'not a directory');
    const dataDir = join(blocker, 'db');
    const failure = await openPGliteStore({ dataDir }).catch((error) => error);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe(
      `the memory store could not open the PGlite folder ${dataDir}: it, or a path above it, is a file, not a folder (failure code ENOTDIR)`,
    );
  });
});
