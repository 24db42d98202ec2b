import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';

const suite = 'forget racing apply on PostgreSQL';
const url = await testDatabase('symfonic_drizzle_forget_race');
if (!url) console.log(skippedWithoutDatabase(suite));

const provenance = { writer: 'forget-race-test' };

/** Poll until a session of this database waits on `event` in `column`. */
async function waitForSession(
  admin: pg.Client,
  column: 'wait_event_type' | 'wait_event',
  event: string,
): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const found = await admin.query(
      `select 1 from pg_stat_activity where datname = current_database() and ${column} = $1`,
      [event],
    );
    if ((found.rowCount ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no session waited on ${event}`);
}

describe.runIf(url)(suite, () => {
  let store: DrizzleMemoryStore;
  let admin: pg.Client;

  beforeAll(async () => {
    store = await openNodePostgresStore({ connectionString: url as string });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterAll(async () => {
    await store?.close();
    await admin?.end();
  });

  it('erases an apply committed between its deletes with its history, or keeps both', async () => {
    const child = { tenant: 'race', path: ['user:1', 'conversation:1'] };
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    let memoryId: string | undefined;
    try {
      // The forget sleeps after its first delete; the apply is held before writing its version.
      await admin.query(`create or replace function forget_race_pause() returns trigger
        language plpgsql as $$ begin perform pg_sleep(0.5); return null; end $$`);
      await admin.query(`create trigger forget_race_pause after delete on symfonic.memories
        for each statement execute function forget_race_pause()`);
      await locker.query('begin');
      await locker.query('lock table symfonic.memory_versions in exclusive mode');
      const writing = store.apply(child, [{ op: 'add', text: 'harbor raced' }], provenance);
      await waitForSession(admin, 'wait_event_type', 'Lock');
      const forgetting = store.forget(child);
      await waitForSession(admin, 'wait_event', 'PgSleep');
      await locker.query('commit');
      const [written] = await Promise.all([writing, forgetting]);
      memoryId = written.applied[0]?.record.id;
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await admin.query('drop trigger if exists forget_race_pause on symfonic.memories');
      await admin.query('drop function if exists forget_race_pause()');
    }
    if (!memoryId) throw new Error('the raced apply wrote nothing');
    const live = await store.get(child, memoryId);
    const changes = (await store.history(child, memoryId)).map((version) => version.change);
    // The apply committed after the forget's snapshot: it is kept, with all of its history.
    expect({ live: live?.text, changes }).toEqual({ live: 'harbor raced', changes: ['created'] });
  });

  it('erases a memory updated while the forget waits, with every version', async () => {
    const child = { tenant: 'race', path: ['user:2'] };
    const [seeded] = (await store.apply(child, [{ op: 'add', text: 'harbor seed' }], provenance))
      .applied;
    if (!seeded) throw new Error('the seed was not written');
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table symfonic.memory_versions in exclusive mode');
      const updating = store.apply(
        child,
        [{ op: 'update', id: seeded.record.id, text: 'harbor updated' }],
        provenance,
      );
      await waitForSession(admin, 'wait_event_type', 'Lock');
      const forgetting = store.forget(child);
      // The forget waits on the row the apply updated, then loses the race and runs again.
      for (let tries = 0; tries < 500; tries += 1) {
        const waiting = await admin.query(
          `select 1 from pg_stat_activity where datname = current_database()
           and wait_event_type = 'Lock' and query like 'delete from "symfonic"."memories"%'`,
        );
        if ((waiting.rowCount ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await locker.query('commit');
      const [updated, forgotten] = await Promise.all([updating, forgetting]);
      expect(updated.applied).toHaveLength(1);
      expect(forgotten).toEqual({ memories: 1, turns: 0 });
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect(await store.get(child, seeded.record.id)).toBeUndefined();
    expect(await store.history(child, seeded.record.id)).toEqual([]);
  });
});
