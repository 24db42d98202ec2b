import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './server-options.js';

const principal = ['--tenant', 'acme', '--user', 'alice'];

describe('SYMFONIC_DATABASE_URL', () => {
  it('names a PGlite folder or a PostgreSQL URL, as every Symfonic program reads it', () => {
    expect(parseCommandLine(principal, { SYMFONIC_DATABASE_URL: './memory' })).toMatchObject({
      kind: 'run',
      options: { storage: { kind: 'pglite', dataDir: './memory' } },
    });
    expect(
      parseCommandLine(principal, { SYMFONIC_DATABASE_URL: 'postgres://app@db/app' }),
    ).toMatchObject({
      options: { storage: { kind: 'postgres', databaseUrl: 'postgres://app@db/app' } },
    });
  });

  it('refuses another scheme, saying what it expects', () => {
    expect(() => parseCommandLine(principal, { SYMFONIC_DATABASE_URL: 'memory:' })).toThrow(
      '--database-url: expected a postgres:// or postgresql:// URL',
    );
  });
});
