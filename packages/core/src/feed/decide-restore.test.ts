import { describe, expect, it } from 'vitest';
import { decideRestore } from './decide-restore.js';
import { type RestoredMemory, restoredMemorySchema } from './restore-batch.js';

type RestoredVersion = RestoredMemory['versions'][number];

const version = (
  number: number,
  change: RestoredVersion['change'],
  text: string,
): RestoredVersion => ({
  memoryId: 'm1',
  version: number,
  change,
  layer: 'semantic',
  text,
  salience: 0.5,
  provenance: { writer: 'agent' },
  at: new Date(1_000 * number),
});

const restored: RestoredMemory = {
  id: 'm1',
  scope: { tenant: 'acme', path: [] },
  metadata: { a: 1, b: [1, 2] },
  versions: [version(1, 'created', 'One'), version(2, 'updated', 'Two')],
};

describe('decideRestore', () => {
  it('writes a memory not held, and the versions one held in part lacks', () => {
    expect(decideRestore(undefined, restored)).toEqual({ kind: 'write', kept: 0 });
    expect(
      decideRestore(
        { sameScope: true, versions: [version(1, 'created', 'One')], live: true },
        restored,
      ),
    ).toEqual({ kind: 'write', kept: 1 });
  });

  it('finds one held exactly present, whatever the order of its metadata keys', () => {
    expect(
      decideRestore(
        { sameScope: true, versions: restored.versions, live: true, metadata: { b: [1, 2], a: 1 } },
        restored,
      ),
    ).toEqual({ kind: 'done', outcome: { status: 'present' } });
  });

  it('refuses, as a conflict, an id held elsewhere, another history, more versions or other metadata', () => {
    const held = {
      sameScope: true,
      versions: restored.versions,
      live: true,
      metadata: restored.metadata,
    };
    const cases = [
      { ...held, sameScope: false },
      { ...held, versions: [version(1, 'created', 'Other')] },
      { ...held, versions: [...restored.versions, version(3, 'deleted', 'Two')] },
      { ...held, metadata: { a: 2, b: [1, 2] } },
    ];
    for (const heldCase of cases) {
      const decision = decideRestore(heldCase, restored);
      expect(decision).toMatchObject({
        kind: 'done',
        outcome: { status: 'refused', code: 'conflict' },
      });
    }
  });
});

describe('restoredMemorySchema', () => {
  it('refuses a history a store could not have written', () => {
    const broken = [
      [version(2, 'created', 'One')],
      [version(1, 'updated', 'One')],
      [version(1, 'created', 'One'), version(2, 'deleted', 'One'), version(3, 'updated', 'Two')],
      [{ ...version(1, 'created', 'One'), at: new Date(5_000) }, version(2, 'updated', 'Two')],
      [
        version(1, 'created', 'One'),
        { ...version(2, 'updated', 'Two'), layer: 'episodic' as const },
      ],
      [{ ...version(1, 'created', 'One'), memoryId: 'other' }],
    ];
    for (const versions of broken) {
      expect(restoredMemorySchema.safeParse({ ...restored, versions }).success).toBe(false);
    }
    const deletedWithMetadata = {
      ...restored,
      versions: [version(1, 'created', 'One'), version(2, 'deleted', 'One')],
    };
    expect(restoredMemorySchema.safeParse(deletedWithMetadata).success).toBe(false);
    expect(restoredMemorySchema.safeParse(restored).success).toBe(true);
  });
});
