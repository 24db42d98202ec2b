import { MemoryUnavailable } from '@symfonic/core';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseErrorCode } from '../database/database-error-code.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';
import { openNodePostgresStore } from './open-node-postgres-store.js';

const provenance = { writer: 'failure-test' };
const scope = { tenant: 'acme', path: ['user:1'] };

describe('openNodePostgresStore against a server that is not there', () => {
  it('raises MemoryUnavailable naming the socket code, never the connection string', async () => {
    const connectionString = 'postgres://postgres:hunter2@127.0.0.1:1/nowhere';
    const failure = await openNodePostgresStore({ connectionString }).catch((error) => error);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('(failure code ECONNREFUSED)');
    expect((failure as Error).message).not.toContain('hunter2');
    expect(databaseErrorCode((failure as Error).cause)).toBe('ECONNREFUSED');
  });
});

const suite = 'openNodePostgresStore when the connection dies';
const url = await testDatabase('symfonic_drizzle_failures');
if (!url) console.log(skippedWithoutDatabase(suite));

describe.runIf(url)(suite, () => {
  const connectionString = url as string;

  it('raises MemoryUnavailable once the pool under it has been ended', async () => {
    const pool = new pg.Pool({ connectionString });
    const store = await openNodePostgresStore({ pool });
    await store.recent(scope, 1);
    await pool.end();
    const failure = await store.recent(scope, 1).catch((error) => error);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as Error).cause).toBeInstanceOf(Error);
    await store.close();
  });

  it('raises MemoryUnavailable when its backend is terminated mid-apply, writes nothing, and recovers', async () => {
    const applicationName = 'symfonic-store-under-test';
    const pool = new pg.Pool({ connectionString, application_name: applicationName });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const store = await openNodePostgresStore({ pool });
    await eraseStoreTables(drizzle({ client: pool }));
    await store.apply(scope, [{ op: 'add', text: 'Written before the failure' }], provenance);
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('lock table symfonic.memories in access exclusive mode');
      const pending = store
        .apply(
          scope,
          [
            { op: 'add', text: 'Secret plan A' },
            { op: 'add', text: 'Secret plan B' },
          ],
          provenance,
        )
        .catch((error) => error);
      let pid: number | undefined;
      for (let attempt = 0; attempt < 100 && pid === undefined; attempt += 1) {
        const waiting = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
          [applicationName],
        );
        pid = waiting.rows[0]?.pid;
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(pid, 'the apply waits on the lock').toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const failure = await pending;
      expect(MemoryUnavailable.isInstance(failure)).toBe(true);
      expect((failure as Error).message).not.toContain('Secret');
      expect((failure as Error).message).toContain('57P01');
    } finally {
      await admin.query('rollback');
      await admin.end();
    }
    const listed = await store.list(scope);
    expect(listed.records.map((record) => record.text)).toEqual(['Written before the failure']);
    const retried = await store.apply(scope, [{ op: 'add', text: 'Secret plan A' }], provenance);
    expect(retried.rejected).toEqual([]);
    await store.close();
    await pool.end();
  });
});
