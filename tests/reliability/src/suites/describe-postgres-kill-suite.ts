import { type MemoryScope, type MemoryStore, MemoryUnavailable } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { storeApplicationName } from '../harness/open-postgres-under-test.js';
import { snapshotScope } from '../harness/scope-snapshot.js';
import { waitFor } from '../harness/wait-for.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'kill-suite' };

/** The write the test kills mid-transaction, and how to run it again. */
type KilledWrite = 'remember' | 'forget';

/** Run `write` at `scope`: a remember that updates, deletes and adds, or a forget. */
function runWrite(
  store: MemoryStore,
  write: KilledWrite,
  scope: MemoryScope,
  ids: readonly string[],
) {
  if (write === 'forget') return store.forget(scope);
  const reply = JSON.stringify({
    ops: [
      { op: 'update', ref: '#1', text: 'harbor updated' },
      { op: 'delete', ref: '#2' },
      ...Array.from({ length: 20 }, (_, index) => ({ op: 'add', text: `harbor added ${index}` })),
    ],
  });
  const refs = { '#1': ids[0] as string, '#2': ids[1] as string };
  return createMemory({ store }).remember(scope, reply, { provenance, refs });
}

/**
 * A PostgreSQL connection killed mid-transaction: a second session locks
 * `memory_versions`, so the write stops right after it changed its first
 * rows; the session running it is then terminated (`pg_terminate_backend`).
 * The write reports `MemoryUnavailable`, the scope reads back as it was, and
 * the same store (its pool replacing the dead connection) completes a retry.
 */
export function describePostgresKillSuite(context: SuiteContext, url: string): void {
  describe('a PostgreSQL connection killed mid-transaction', () => {
    it.each(['remember', 'forget'] as const)(
      'leaves nothing half-written when a %s is killed, and a retry completes',
      async (write) => {
        const { store } = context.underTest();
        const scope: MemoryScope = { tenant: `killed-${write}`, path: ['user:1'] };
        const seeded = await store.apply(
          scope,
          [
            { op: 'add', text: 'harbor to update' },
            { op: 'add', text: 'harbor to delete' },
          ],
          provenance,
        );
        const ids = [...seeded.applied]
          .sort((left, right) => left.index - right.index)
          .map((applied) => applied.record.id);
        const before = await snapshotScope(store, scope);

        const locker = new pg.Client({ connectionString: url });
        const killer = new pg.Client({ connectionString: url });
        await Promise.all([locker.connect(), killer.connect()]);
        let failure: unknown;
        try {
          await locker.query('begin');
          await locker.query('lock table symfonic.memory_versions in exclusive mode');
          const running = runWrite(store, write, scope, ids).then(
            () => undefined,
            (error: unknown) => error,
          );
          const victim = await waitFor(async () => {
            const found = await killer.query<{ pid: number }>(
              `select pid from pg_stat_activity
               where datname = current_database() and application_name = $1 and wait_event_type = 'Lock'`,
              [storeApplicationName],
            );
            return found.rows[0]?.pid;
          }, 10);
          await killer.query('select pg_terminate_backend($1)', [victim]);
          failure = await running;
          context.figures.count('faultsInjected');
        } finally {
          await locker.query('rollback').catch(() => undefined);
          await Promise.all([locker.end(), killer.end()]);
        }

        expect(MemoryUnavailable.isInstance(failure), 'the write reports the failure').toBe(true);
        expect(await snapshotScope(store, scope), 'nothing half-written').toEqual(before);

        await runWrite(store, write, scope, ids);
        const after = await snapshotScope(store, scope);
        if (write === 'forget') {
          expect(after).toEqual({ memories: [], turns: [], histories: [] });
        } else {
          expect(after.memories).toHaveLength(21);
          expect(after.histories).toContain('created:harbor to update > updated:harbor updated');
        }
      },
    );
  });
}
