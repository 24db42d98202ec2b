import { resolve } from 'node:path';
import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { readStoreTarget } from './store-target.js';
import { StoreTargetInvalid } from './store-target-invalid.js';

function refusal(target: string | undefined): StoreTargetInvalid {
  try {
    readStoreTarget(target);
  } catch (error) {
    if (StoreTargetInvalid.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected ${String(target)} to be refused`);
}

describe('readStoreTarget', () => {
  it('reads a folder, a PostgreSQL URL, a Neon URL and memory:', () => {
    expect(readStoreTarget('./memory')).toEqual({
      kind: 'pglite',
      dataDir: resolve('memory'),
      where: `PGlite in ${resolve('memory')}`,
    });
    expect(readStoreTarget('postgres://app:secret@db.internal:5432/app')).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://app:secret@db.internal:5432/app',
      where: 'PostgreSQL at db.internal:5432/app',
    });
    expect(
      readStoreTarget('postgresql://app:secret@ep-cool-1.eu-central-1.aws.neon.tech/app'),
    ).toMatchObject({ kind: 'neon', where: 'Neon at ep-cool-1.eu-central-1.aws.neon.tech/app' });
    expect(readStoreTarget('postgres://app@127.0.0.1:4444/app', { neon: true }).kind).toBe('neon');
    expect(readStoreTarget('memory:').kind).toBe('memory');
    expect(readStoreTarget('C:\\data\\memory').kind).toBe('pglite');
  });

  it('says where a store is without its password', () => {
    expect(readStoreTarget('postgres://app:hunter2@db:5432/app').where).not.toContain('hunter2');
  });

  it('refuses a missing target, saying what to set', () => {
    for (const target of [undefined, '', '  ']) {
      const error = refusal(target);
      expect(InvalidMemoryInput.isInstance(error)).toBe(true);
      expect(error.problem).toBe('missing');
      expect(error.message).toBe(
        'no memory store given: set SYMFONIC_DATABASE_URL or pass a target; give a folder (embedded PGlite), a postgres:// URL (PostgreSQL or Neon) or memory: (in this process, nothing kept)',
      );
    }
  });

  it('refuses another scheme and a URL that does not parse, never echoing a password', () => {
    const mysql = refusal('mysql://root:hunter2@localhost/app');
    expect(mysql.problem).toBe('malformed');
    expect(mysql.message).toBe(
      'a store target of scheme "mysql:" opens no store: give a folder (embedded PGlite), a postgres:// URL (PostgreSQL or Neon) or memory: (in this process, nothing kept)',
    );
    const broken = refusal('postgres://app:hunter2@db:port/app');
    expect(broken.problem).toBe('malformed');
    expect(broken.message).toBe(
      'the database URL does not parse: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE (percent-encode special characters in the password)',
    );
    expect(refusal('postgres:///app').message).toBe(
      'the database URL names no host: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE',
    );
    expect(`${mysql.message}${broken.message}`).not.toContain('hunter2');
  });
});
