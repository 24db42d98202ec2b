import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';

const suite = 'turn numbering racing on PostgreSQL';
const url = await testDatabase('symfonic_drizzle_turn_numbering');
if (!url) console.log(skippedWithoutDatabase(suite));

/** Poll until `count` sessions of this database wait on a lock. */
async function waitForLockWaiters(admin: pg.Client, count: number): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const found = await admin.query(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((found.rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} sessions waited on a lock`);
}

describe.runIf(url)(suite, () => {
  const scope = { tenant: 'acme', path: ['user:1', 'conversation:1'] };
  let first: DrizzleMemoryStore;
  let second: DrizzleMemoryStore;
  let admin: pg.Client;

  beforeAll(async () => {
    // Two stores, two pools: two processes' worth of connections.
    first = await openNodePostgresStore({ connectionString: url as string });
    second = await openNodePostgresStore({ connectionString: url as string });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin?.end();
  });

  it('gives two appends that read the log at the same moment different numbers', async () => {
    await first.append(scope, { turnId: 'opening', speaker: 'user', text: 'hello' });
    // Hold back every insert into the log (reads still run): were numbering a
    // plain read-then-insert, both appends would read the highest number,
    // then wait here and both insert 1.
    await admin.query('begin');
    await admin.query('lock table symfonic.turns in share row exclusive mode');
    const racing = Promise.all([
      first.append(scope, { turnId: 'from-first', speaker: 'user', text: 'one chat' }),
      second.append(scope, { turnId: 'from-second', speaker: 'user', text: 'another chat' }),
    ]);
    // One waits on the table lock with its number read, the other on the scope's numbering lock.
    await waitForLockWaiters(admin, 2);
    await admin.query('commit');
    const logged = await racing;
    expect(logged.map((turn) => turn.turn).sort()).toEqual([1, 2]);
    const stored = await first.recent(scope, 10);
    expect(stored.map((turn) => turn.turn)).toEqual([0, 1, 2]);
  });
});
