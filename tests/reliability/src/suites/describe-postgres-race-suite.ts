import type { MemoryScope } from '@symfonic/core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { knownBugs } from '../harness/known-bugs.js';
import { storeApplicationName } from '../harness/open-postgres-under-test.js';
import { waitFor } from '../harness/wait-for.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'race-suite' };

/** The pid of the store's session waiting on `event` (`Lock`, or `PgSleep`), if any. */
async function waitingSession(
  client: pg.Client,
  column: 'wait_event_type' | 'wait_event',
  event: string,
) {
  const found = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and application_name = $1 and ${column} = $2`,
    [storeApplicationName, event],
  );
  return found.rows[0]?.pid;
}

/**
 * A `forget` racing an `apply` in the subtree it erases, with the race made
 * certain: the apply is held after writing its memory row (a second session
 * locks `memory_versions`), the forget is held for half a second after its
 * first delete (a statement trigger on `memories` that sleeps, added to this
 * suite's own database for the test only), and the apply is let go to
 * commit while the forget sleeps. Whatever the order, the memory must end up
 * erased with its history or kept with all of it. While
 * `knownBugs.forgetRacesApply` is set, the test asserts the bug as reported
 * instead, and fails the day it is fixed.
 */
export function describePostgresRaceSuite(context: SuiteContext, url: string): void {
  describe('forget racing apply on PostgreSQL', () => {
    it('erases a memory with its history or keeps both, never one without the other', async () => {
      const { store } = context.underTest();
      const child: MemoryScope = { tenant: 'race', path: ['user:1', 'conversation:1'] };
      const admin = new pg.Client({ connectionString: url });
      const locker = new pg.Client({ connectionString: url });
      await Promise.all([admin.connect(), locker.connect()]);
      let memoryId: string | undefined;
      try {
        await admin.query(`create or replace function symfonic_reliability_pause() returns trigger
          language plpgsql as $$ begin perform pg_sleep(0.5); return null; end $$`);
        await admin.query(`create trigger symfonic_reliability_pause after delete on symfonic.memories
          for each statement execute function symfonic_reliability_pause()`);
        await locker.query('begin');
        await locker.query('lock table symfonic.memory_versions in exclusive mode');
        const writing = store.apply(child, [{ op: 'add', text: 'harbor raced' }], provenance);
        await waitFor(() => waitingSession(admin, 'wait_event_type', 'Lock'), 10);
        const forgetting = store.forget(child);
        await waitFor(() => waitingSession(admin, 'wait_event', 'PgSleep'), 10);
        await locker.query('commit');
        const [written] = await Promise.all([writing, forgetting]);
        memoryId = written.applied[0]?.record.id;
        context.figures.count('faultsInjected');
      } finally {
        await locker.query('rollback').catch(() => undefined);
        await admin.query('drop trigger if exists symfonic_reliability_pause on symfonic.memories');
        await admin.query('drop function if exists symfonic_reliability_pause()');
        await Promise.all([admin.end(), locker.end()]);
      }
      if (!memoryId) throw new Error('the raced apply wrote nothing');
      const live = await store.get(child, memoryId);
      const changes = (await store.history(child, memoryId)).map((version) => version.change);
      if (knownBugs.forgetRacesApply) {
        // The reported bug, exactly: the memory lives on and its history is gone.
        expect({ live: live !== undefined, changes }).toEqual({ live: true, changes: [] });
      } else {
        expect(changes).toEqual(live ? ['created'] : []);
      }
    });
  });
}
