import { createHash } from 'node:crypto';
import { createInMemoryStore } from '@symfonic/store-memory';
import { describe, expect, it } from 'vitest';
import { exportScope } from './export-scope.js';
import { importScope } from './import-scope.js';
import { remappedMemoryId } from './remapped-memory-id.js';

const user = { tenant: 'acme', path: ['user:1'] };

describe('remappedMemoryId', () => {
  it('is the version 8 UUID of the SHA-256 docs/dump-format.md describes', async () => {
    const scope = { tenant: 'globex', path: ['user:9', 'c:1'] };
    const digest = createHash('sha256')
      .update(JSON.stringify(['symfonic-dump remap', 'globex', 'user:9', 'c:1', 'm-1']))
      .digest('hex');
    const id = await remappedMemoryId('m-1', scope);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const hex = id.replaceAll('-', '');
    // Every bit but the version's four and the variant's two comes from the digest.
    expect(hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17)).toBe(
      digest.slice(0, 12) + digest.slice(13, 16) + digest.slice(17, 32),
    );
    expect(await remappedMemoryId('m-1', scope)).toBe(id);
  });

  it('differs by old id and by landing scope', async () => {
    const ids = await Promise.all([
      remappedMemoryId('m-1', user),
      remappedMemoryId('m-2', user),
      remappedMemoryId('m-1', { tenant: 'acme', path: ['user:2'] }),
      remappedMemoryId('m-1', { tenant: 'globex', path: ['user:1'] }),
    ]);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('importScope with a remap', () => {
  it('keeps the ids when the remap moves nothing, and derives them when it moves', async () => {
    const source = createInMemoryStore();
    const { applied } = await source.apply(user, [{ op: 'add', text: 'Likes tea' }], {
      writer: 'app',
    });
    const id = applied[0]?.record.id as string;
    const lines: string[] = [];
    for await (const line of exportScope(source, user)) lines.push(line);

    const still = createInMemoryStore();
    await importScope(still, lines, { remap: { from: user, to: user } });
    expect((await still.list(user)).records.map((record) => record.id)).toEqual([id]);

    const to = { tenant: 'globex', path: ['user:9'] };
    await importScope(source, lines, { into: to, remap: { from: user, to } });
    expect((await source.list(to)).records.map((record) => record.id)).toEqual([
      await remappedMemoryId(id, to),
    ]);
    expect(
      (await source.history(to, await remappedMemoryId(id, to))).map((v) => v.memoryId),
    ).toEqual([await remappedMemoryId(id, to)]);
  });
});
