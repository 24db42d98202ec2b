import { Limits, MemoryUnavailable } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { openNodePostgresStore } from '@symfonic/store-drizzle/node-postgres';
import { type PrivateCluster, startPrivateCluster } from '@symfonic/test-support/postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './harness/wait-for.js';

const suite = 'an HNSW index build killed on a real PostgreSQL server';
// A server of this file's own: the test kills a backend and builds an index over thousands of
// rows, which must not touch the shared server's other suites.
const cluster: PrivateCluster | undefined = await startPrivateCluster();
if (!cluster) console.log(`${suite}: skipped because no PostgreSQL server binaries are installed`);
afterAll(() => cluster?.destroy());

/** Enough vectors that the build is still running when the test finds it (seconds, not ms). */
const seeded = 8_000;
const builder = 'symfonic_hnsw_builder';
const budgetMs = 300_000;

describe.runIf(cluster)(suite, () => {
  it(
    'fails the open that builds it with MemoryUnavailable, leaves no index behind, and the next open builds it',
    async () => {
      const url = (cluster as PrivateCluster).url;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const embedder = createTestEmbedder();
      const scope = { tenant: 'acme', path: ['user:1'] };
      const running = await openNodePostgresStore({ connectionString: url, embedder });
      try {
        for (let start = 0; start < seeded; start += Limits.opsPerApply) {
          const ops = Array.from(
            { length: Math.min(Limits.opsPerApply, seeded - start) },
            (_, i) => ({
              op: 'add' as const,
              text: `harbour note ${start + i} on ${['ropes', 'tides', 'gulls', 'boats'][(start + i) % 4]}`,
            }),
          );
          await running.apply(scope, ops, { writer: 'seed' });
        }
        const hnswIndexes = async () =>
          Number(
            (
              await admin.query<{ count: string }>(
                `select count(*) from pg_index join pg_class on pg_class.oid = pg_index.indexrelid
               where pg_class.relname like 'memory_embeddings_hnsw_%'`,
              )
            ).rows[0]?.count,
          );
        // An operator drops the index (to rebuild it with other parameters): the next open builds it.
        const [index] = (
          await admin.query<{ name: string }>(
            "select indexname as name from pg_indexes where indexname like 'memory_embeddings_hnsw_%'",
          )
        ).rows;
        await admin.query(`drop index symfonic."${index?.name}"`);

        const named = new URL(url);
        named.searchParams.set('application_name', builder);
        const opening = openNodePostgresStore({
          connectionString: named.toString(),
          embedder,
        }).then(
          () => undefined,
          (error: unknown) => error,
        );
        // The build is running once the server reports its progress for the opener's backend.
        const pid = await waitFor(async () => {
          const found = await admin.query<{ pid: number }>(
            `select progress.pid from pg_stat_progress_create_index as progress
           join pg_stat_activity as activity on activity.pid = progress.pid
           where activity.application_name = $1 and progress.phase like 'building index%'`,
            [builder],
          );
          return found.rows[0]?.pid;
        }, 60);
        await admin.query('select pg_terminate_backend($1)', [pid]);
        const failure = await opening;
        expect(MemoryUnavailable.isInstance(failure), 'the open reports the failure').toBe(true);
        expect(await hnswIndexes(), 'no half-built index is left').toBe(0);

        // The store that was open keeps working through it, without reopening.
        const lexical = await running.retrieve({ scope, cue: 'tides', limit: 3 });
        expect(lexical.memories).toHaveLength(3);
        await running.apply(scope, [{ op: 'add', text: 'a buoy came loose' }], { writer: 'test' });

        const reopened = await openNodePostgresStore({ connectionString: url, embedder });
        try {
          expect(await hnswIndexes()).toBe(1);
          const found = await reopened.retrieve({ scope, cue: 'a buoy', limit: 1 });
          expect(found.degradations).toEqual([]);
          expect(found.memories[0]?.record.text).toBe('a buoy came loose');
        } finally {
          await reopened.close();
        }
      } finally {
        await running.close();
        await admin.end();
      }
    },
    budgetMs,
  );
});
