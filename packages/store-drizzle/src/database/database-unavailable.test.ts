import { InvalidMemoryInput, MemoryUnavailable } from '@symfonic/core';
import { skippedWithoutDatabase } from '@symfonic/test-support/postgres';
import { describe, expect, it } from 'vitest';
import { openNeonStore } from '../drivers/open-neon-store.js';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import { DatabaseUnavailable } from './database-unavailable.js';

async function failureOf(opening: Promise<unknown>): Promise<Error> {
  const outcome = await opening.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('expected the store not to open');
  return outcome;
}

describe('opening PostgreSQL without a connection', () => {
  it('refuses a missing connection string in words, before any driver default is tried', async () => {
    const failure = await failureOf(
      openNodePostgresStore({ connectionString: undefined as unknown as string }),
    );
    expect(InvalidMemoryInput.isInstance(failure)).toBe(true);
    expect(failure.message).toBe(
      'invalid openNodePostgresStore options: the connection string is missing; pass a postgres:// URL (e.g. process.env.SYMFONIC_DATABASE_URL) as connectionString, or your own pool',
    );
  });

  it('refuses an empty one the same way on Neon', async () => {
    const failure = await failureOf(openNeonStore({ connectionString: ' ' }));
    expect(InvalidMemoryInput.isInstance(failure)).toBe(true);
    expect(failure.message).toBe(
      'invalid openNeonStore options: the connection string is empty or not a string; pass a postgres:// URL (e.g. process.env.SYMFONIC_DATABASE_URL) as connectionString, or your own pool',
    );
  });
});

describe('DatabaseUnavailable', () => {
  it('says in words that no server answers, keeping the socket code as a field', async () => {
    const failure = await failureOf(
      openNodePostgresStore({
        connectionString: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere',
      }),
    );
    expect(DatabaseUnavailable.isInstance(failure)).toBe(true);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect(failure.message).toBe(
      'the memory store could not open the database: no PostgreSQL server answered at that host and port: check the host and port in the URL, and that the server is running (failure code ECONNREFUSED)',
    );
    expect(failure.message).not.toContain('hunter2');
    expect((failure as DatabaseUnavailable).problem).toBe('host-unreachable');
    expect((failure as DatabaseUnavailable).databaseCode).toBe('ECONNREFUSED');
  });

  it('leaves a failure whose code names no known problem to the generic wording', () => {
    expect(
      DatabaseUnavailable.fromOpenFailure(Object.assign(new Error('x'), { code: '57P01' })),
    ).toBe(undefined);
    expect(DatabaseUnavailable.fromOpenFailure(new Error('no code'))).toBe(undefined);
  });
});

const suite = 'DatabaseUnavailable against a real server';
const base = process.env.DATABASE_URL;
if (!base) console.log(skippedWithoutDatabase(suite));

describe.runIf(base)(suite, () => {
  const on = (change: (url: URL) => void) => {
    const url = new URL(base as string);
    change(url);
    return url.toString();
  };

  it('says the database does not exist and how to create it, keeping 3D000', async () => {
    const failure = await failureOf(
      openNodePostgresStore({
        connectionString: on((url) => {
          url.pathname = '/symfonic_no_such_database';
        }),
      }),
    );
    expect(DatabaseUnavailable.isInstance(failure)).toBe(true);
    expect(failure.message).toBe(
      'the memory store could not open the database: the database named in the connection does not exist on that server: create it (e.g. `createdb NAME`) or fix the database name in the URL (failure code 3D000)',
    );
    expect((failure as DatabaseUnavailable).problem).toBe('no-such-database');
    expect((failure as DatabaseUnavailable).databaseCode).toBe('3D000');
  });

  it('says the server refused the credentials, keeping the PostgreSQL code', async () => {
    const failure = await failureOf(
      openNodePostgresStore({
        connectionString: on((url) => {
          url.username = 'symfonic_no_such_role';
        }),
      }),
    );
    expect(DatabaseUnavailable.isInstance(failure)).toBe(true);
    expect((failure as DatabaseUnavailable).problem).toBe('authentication-refused');
    // A server on trust authentication refuses an unknown role (28000); one on passwords, a wrong password (28P01).
    expect(['28000', '28P01']).toContain((failure as DatabaseUnavailable).databaseCode);
    expect(failure.message).toContain(
      'the server refused the user name or password: check the credentials in the URL (and that the role exists)',
    );
  });
});
