import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryUnavailable } from '@symfonic/core';
import { localEmbedderDimensions } from '@symfonic/memory';
import { DatabaseUnavailable } from '@symfonic/store-drizzle';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, openStoreFromEnvironment } from './open-store.js';
import { StoreTargetInvalid } from './store-target-invalid.js';

const scope = { tenant: 'acme', path: ['user:42'] };
const provenance = { writer: 'open-store-test' };

async function failureOf(opening: Promise<unknown>): Promise<Error> {
  const outcome = await opening.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('expected the store not to open');
  return outcome;
}

describe('openStore', () => {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('opens memory: with the local embedder by default', async () => {
    const opened = await openStore('memory:');
    expect(opened.kind).toBe('memory');
    expect(opened.embedder?.dimensions).toBe(localEmbedderDimensions);
    await opened.store.apply(scope, [{ op: 'add', text: 'Lives in Lyon' }], provenance);
    const { records } = await opened.store.list(scope);
    expect(records.map((record) => record.text)).toEqual(['Lives in Lyon']);
    await opened.close();
  });

  it('opens a folder as PGlite and finds what it kept there when opened again', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'symfonic-open-store-'));
    folders.push(folder);
    const dataDir = join(folder, 'memory');
    const first = await openStore(dataDir, { embedder: false });
    expect(first.kind).toBe('pglite');
    expect(first.where).toBe(`PGlite in ${dataDir}`);
    expect(first.embedder).toBe(undefined);
    await first.store.apply(scope, [{ op: 'add', text: 'Prefers tea' }], provenance);
    await first.close();
    const second = await openStore(dataDir);
    const { records } = await second.store.list(scope);
    expect(records.map((record) => record.text)).toEqual(['Prefers tea']);
    await second.close();
  });

  it('reads SYMFONIC_DATABASE_URL, and says to set it when it is missing', async () => {
    const opened = await openStoreFromEnvironment({}, { SYMFONIC_DATABASE_URL: 'memory:' });
    expect(opened.kind).toBe('memory');
    await opened.close();
    const failure = await failureOf(openStoreFromEnvironment({}, {}));
    expect(StoreTargetInvalid.isInstance(failure)).toBe(true);
    expect(failure.message).toMatch(/^no memory store given: set SYMFONIC_DATABASE_URL/);
  });

  it('opens a .neon.tech URL with Neon’s serverless driver, and says when its host does not answer', async () => {
    // No network here: the Neon host's name does not resolve, through the WebSocket Neon's driver opens.
    const failure = await failureOf(openStore('postgres://app:hunter2@ep-none.neon.tech/app'));
    expect(DatabaseUnavailable.isInstance(failure)).toBe(true);
    expect((failure as DatabaseUnavailable).problem).toBe('host-unreachable');
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain((failure as DatabaseUnavailable).databaseCode);
    expect(failure.message).not.toContain('hunter2');
  });

  it('says no server answers at an unreachable host, keeping the socket code', async () => {
    const failure = await failureOf(openStore('postgres://app:hunter2@127.0.0.1:1/app'));
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect(failure.message).toBe(
      'the memory store could not open the database: no PostgreSQL server answered at that host and port: check the host and port in the URL, and that the server is running (failure code ECONNREFUSED)',
    );
    expect((failure as DatabaseUnavailable).databaseCode).toBe('ECONNREFUSED');
  });
});

const suite = 'openStore on a PostgreSQL server';
const url = await testDatabase('symfonic_open_store');
if (!url) console.log(skippedWithoutDatabase(suite));

describe.runIf(url)(suite, () => {
  const on = (change: (target: URL) => void) => {
    const target = new URL(url as string);
    change(target);
    return target.toString();
  };

  it('opens a postgres:// URL through node-postgres', async () => {
    const opened = await openStore(url as string);
    expect(opened.kind).toBe('postgres');
    await opened.store.apply(scope, [{ op: 'add', text: 'Plays the cello' }], provenance);
    expect((await opened.store.list(scope)).records).toHaveLength(1);
    await opened.close();
  });

  it('says the database does not exist, with 3D000 as a field', async () => {
    const failure = await failureOf(
      openStore(
        on((target) => {
          target.pathname = '/symfonic_open_store_missing';
        }),
      ),
    );
    expect(DatabaseUnavailable.isInstance(failure)).toBe(true);
    expect((failure as DatabaseUnavailable).problem).toBe('no-such-database');
    expect((failure as DatabaseUnavailable).databaseCode).toBe('3D000');
    expect(failure.message).toBe(
      'the memory store could not open the database: the database named in the connection does not exist on that server: create it (e.g. `createdb NAME`) or fix the database name in the URL (failure code 3D000)',
    );
  });

  it('says the server refused the credentials', async () => {
    const failure = await failureOf(
      openStore(
        on((target) => {
          target.username = 'symfonic_no_such_role';
        }),
      ),
    );
    expect((failure as DatabaseUnavailable).problem).toBe('authentication-refused');
  });
});
