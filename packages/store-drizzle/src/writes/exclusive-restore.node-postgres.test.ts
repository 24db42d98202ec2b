import {
  ExclusiveRestoreRefused,
  type MemoryOpInput,
  type MemoryScope,
  type MemoryStore,
} from '@symfonic/core';
import { exportScope, importScope } from '@symfonic/dump';
import { createInMemoryStore } from '@symfonic/store-memory';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';

const suite = 'exclusive import on PostgreSQL';
const url = await testDatabase('symfonic_drizzle_exclusive_restore');
if (!url) console.log(skippedWithoutDatabase(suite));

const user: MemoryScope = { tenant: 'acme', path: ['user:1'] };
const project: MemoryScope = { tenant: 'acme', path: ['user:1', 'project:a'] };
const conversation: MemoryScope = { tenant: 'acme', path: ['user:1', 'conversation:1'] };

/**
 * A dump of `user` with 1 000 memories in two scopes (every 10th updated with a
 * context, every 25th deleted, metadata on some) and 40 turns, written
 * through an in-memory store and exported.
 */
async function sampleDump(): Promise<string[]> {
  const source = createInMemoryStore();
  for (const [scope, count] of [
    [user, 600],
    [project, 400],
  ] as const) {
    const ids: string[] = [];
    for (let start = 0; start < count; start += 200) {
      const result = await source.apply(
        scope,
        Array.from({ length: 200 }, (_, offset) => ({
          op: 'add' as const,
          text: `Fact ${start + offset} of ${scope.path.join('/')}, with a few words`,
          ...((start + offset) % 7 === 0 ? { metadata: { index: start + offset } } : {}),
        })),
        { writer: 'test' },
      );
      ids.push(...result.applied.map((applied) => applied.record.id));
    }
    await source.apply(
      scope,
      ids.flatMap((id, index): MemoryOpInput[] =>
        index % 10 === 0
          ? [{ op: 'update', id, text: `Fact ${index}, corrected`, context: 'later' }]
          : index % 25 === 1
            ? [{ op: 'delete', id }]
            : [],
      ),
      { writer: 'person', turnId: 'turn-9' },
    );
  }
  for (let index = 0; index < 40; index += 1) {
    await source.append(conversation, {
      turnId: `turn-${index}`,
      speaker: index % 2 ? 'assistant' : 'user',
      text: `Turn ${index}`,
    });
  }
  const lines: string[] = [];
  for await (const line of exportScope(source, user)) lines.push(line);
  await source.close();
  return lines;
}

/** Every page of `read`, its items only (a cursor may carry the store's own sequence numbers). */
async function allPages<Item>(
  read: (cursor: string | undefined) => Promise<{ items: readonly Item[]; next?: string }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor !== undefined);
  return items;
}

/** What a reader sees of `user` in `store`: its dump, `list`, every `history`, `changes`. */
async function readBack(store: MemoryStore) {
  const dump: string[] = [];
  for await (const line of exportScope(store, user)) dump.push(line);
  const listed = await allPages(async (cursor) => {
    const page = await store.list(user, { limit: 100, ...(cursor ? { cursor } : {}) });
    return { items: page.records, ...(page.nextCursor ? { next: page.nextCursor } : {}) };
  });
  const histories = await Promise.all(listed.map((record) => store.history(user, record.id)));
  const changes = await allPages(async (cursor) => {
    const page = await store.changes(user, { limit: 100, ...(cursor ? { after: cursor } : {}) });
    return { items: page.changes, ...(page.nextCursor ? { next: page.nextCursor } : {}) };
  });
  return { dump, listed, histories, changes };
}

describe.runIf(url)(suite, () => {
  let store: DrizzleMemoryStore;
  let admin: pg.Pool;
  let dump: string[];
  /** Every index of the store's schema, by name, as the migrations left them. */
  let migrated: Record<string, string>;

  const indexes = async (): Promise<Record<string, string>> => {
    const { rows } = await admin.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where schemaname = 'symfonic' order by indexname",
    );
    return Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
  };
  const ginIndexes = async () =>
    Object.keys(await indexes()).filter((name) => migrated[name]?.includes('USING gin'));

  beforeAll(async () => {
    store = await openNodePostgresStore({ connectionString: url as string });
    admin = new pg.Pool({ connectionString: url, max: 1 });
    migrated = await indexes();
    dump = await sampleDump();
  });

  afterAll(async () => {
    await store?.close();
    await admin?.end();
  });

  beforeEach(async () => {
    await eraseStoreTables(drizzle({ client: admin }));
  });

  it('reads back exactly as the normal import, the GIN indexes absent while it writes and rebuilt at its end', async () => {
    expect(
      Object.values(migrated).filter((definition) => definition.includes('USING gin')),
    ).toHaveLength(7);
    const normal = await importScope(store, dump, { batchSize: 100 });
    expect(normal.refused).toEqual([]);
    expect(normal.imported.memories).toBe(1_000);
    const expected = await readBack(store);
    expect(expected.listed.length).toBeGreaterThan(900);

    await eraseStoreTables(drizzle({ client: admin }));
    const duringImport: string[][] = [];
    let checking = Promise.resolve();
    const exclusive = await importScope(store, dump, {
      batchSize: 100,
      exclusive: true,
      onProgress: () => {
        if (duringImport.length === 0) {
          checking = ginIndexes().then((names) => {
            duringImport.push(names);
          });
        }
      },
    });
    await checking;
    expect(duringImport).toEqual([[]]);
    expect(exclusive).toEqual(normal);
    expect(await indexes()).toEqual(migrated);
    const actual = await readBack(store);
    expect(actual.dump.join('\n')).toBe(expected.dump.join('\n'));
    expect(actual.listed).toEqual(expected.listed);
    expect(actual.histories).toEqual(expected.histories);
    expect(actual.changes).toEqual(expected.changes);
    // Searches read the rebuilt indexes: the same answer as after the normal import.
    const found = await store.retrieve({ scope: user, cue: 'corrected fact', limit: 5 });
    expect(found.memories.length).toBeGreaterThan(0);
  });

  it('refuses a store holding memories of another scope, changing nothing', async () => {
    await store.apply({ tenant: 'acme', path: ['user:2'] }, [{ op: 'add', text: 'Elsewhere' }], {
      writer: 'test',
    });
    const failure = importScope(store, dump, { exclusive: true });
    await expect(failure).rejects.toBeInstanceOf(ExclusiveRestoreRefused);
    await expect(failure).rejects.toThrow(
      'refused exclusive import: the store already holds memories outside "acme/user:1", so its database is not the import\'s own; import without the exclusive mode, or into a new database',
    );
    expect(await indexes()).toEqual(migrated);
    expect((await store.list(user)).records).toEqual([]);
  });

  it('refuses a store holding turns of another tenant', async () => {
    await store.append({ tenant: 'other', path: ['user:1'] }, { turnId: 't', text: 'hello' });
    await expect(importScope(store, dump, { exclusive: true })).rejects.toThrow(
      'refused exclusive import: the store already holds turns outside "acme/user:1", so its database is not the import\'s own; import without the exclusive mode, or into a new database',
    );
    expect(await indexes()).toEqual(migrated);
  });

  it('accepts a store holding only rows of the dump’s scope: an import stopped earlier resumes', async () => {
    await importScope(store, dump.slice(0, 300));
    const resumed = await importScope(store, dump, { exclusive: true });
    expect(resumed.refused).toEqual([]);
    expect(resumed.present.memories).toBe(299);
    expect(resumed.imported.memories).toBe(701);
    expect(await indexes()).toEqual(migrated);
  });

  it('rebuilds the indexes when the import is aborted mid-way; the batches written stay', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the test');
    const failure = importScope(store, dump, {
      batchSize: 100,
      exclusive: true,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.imported.memories >= 200) controller.abort(reason);
      },
    });
    await expect(failure).rejects.toBe(reason);
    expect(await indexes()).toEqual(migrated);
    const { records } = await store.list(user, { limit: 1_000 });
    expect(records.length).toBeGreaterThan(150);
    expect(records.length).toBeLessThan(900);
  });

  it('rebuilds the indexes when reading the dump fails mid-way', async () => {
    const failing = new Error('the disk went away');
    async function* brokenDump() {
      for (const [index, line] of dump.entries()) {
        if (index === 450) throw failing;
        yield line;
      }
    }
    await expect(
      importScope(store, brokenDump(), { batchSize: 100, exclusive: true }),
    ).rejects.toBe(failing);
    expect(await indexes()).toEqual(migrated);
    expect((await store.list(user, { limit: 1_000 })).records.length).toBeGreaterThan(300);
  });

  it('reports a refused line as the normal import does, and rebuilds the indexes', async () => {
    const broken = [...dump];
    broken[5] = '{"kind":"memory","id":"broken"}';
    const report = await importScope(store, broken, { exclusive: true });
    expect(report.refused).toEqual([
      expect.objectContaining({ line: 6, kind: 'memory', id: 'broken', code: 'malformed' }),
    ]);
    expect(report.imported.memories).toBe(999);
    expect(await indexes()).toEqual(migrated);
  });

  it('builds the indexes an exclusive import left missing when a store is opened', async () => {
    await admin.query(
      'drop index symfonic.memories_scoped_search, symfonic.memories_ancestor_keys, symfonic.turns_ancestor_keys',
    );
    expect(Object.keys(await indexes())).not.toContain('memories_scoped_search');
    const reopened = await openNodePostgresStore({ connectionString: url as string });
    await reopened.close();
    expect(await indexes()).toEqual(migrated);
  });
});
