import { PGlite } from '@electric-sql/pglite';
import { Limits, MemoryUnavailable } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { resultRows } from '../rows/result-rows.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';
import { PlannerStatistics } from './planner-statistics.js';

interface LoggedQuery {
  readonly query: string;
  readonly params: unknown[];
}

// One PGlite for the file: a cold start takes seconds. PGlite runs no autovacuum,
// so every statistic these tests see was gathered by the store.
const client = PGlite.create();
afterAll(async () => (await client).close());

const logged: LoggedQuery[] = [];
const db = client.then((database) =>
  drizzle({
    client: database,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  }),
);
const scope = { tenant: 'acme', path: ['user:1'] };
const provenance = { writer: 'statistics-test' };
const topics = ['tea', 'coffee', 'jazz', 'hiking', 'chess', 'sushi', 'yoga', 'poetry'];

function notes(from: number, count: number) {
  return Array.from({ length: count }, (_, offset) => ({
    op: 'add',
    text: `Note ${from + offset}: Sam likes ${topics[(from + offset) % topics.length]}`,
  }));
}

async function analyzed(): Promise<boolean> {
  const [row] = resultRows<{ columns: number | string }>(
    await (await db).execute(
      sql`select count(*)::int as columns from pg_stats where schemaname = 'symfonic' and tablename = 'memories'`,
    ),
  );
  return Number(row?.columns) > 0;
}

function analyses(): number {
  return logged.filter(
    (entry) => entry.query === 'analyze symfonic.memories, symfonic.memory_versions',
  ).length;
}

beforeEach(async () => {
  const database = await db;
  await createDrizzleStore({ db: database }).then((store) => store.close());
  await eraseStoreTables(database);
  // Erasing keeps what an earlier test's analysis recorded: start from none.
  await database.execute(
    sql`delete from pg_statistic where starelid = 'symfonic.memories'::regclass`,
  );
  logged.length = 0;
});

describe('planner statistics of the Drizzle store', () => {
  it('analyzes memories before the first retrieval after enough writes, and only then', async () => {
    const store = await createDrizzleStore({ db: await db });
    await store.apply(scope, notes(0, 60), provenance);
    expect(await analyzed()).toBe(false);
    expect(analyses()).toBe(0);

    await store.retrieve({ scope, cue: 'tea', limit: 3 });
    expect(analyses()).toBe(1);
    expect(await analyzed()).toBe(true);

    await store.scanCandidates({ scope, cue: 'tea', limit: 3 });
    // 50 plus a tenth of the 60 rows analyzed: 10 more writes are not enough, 50 more are.
    await store.apply(scope, notes(60, 10), provenance);
    await store.retrieve({ scope, cue: 'coffee', limit: 3 });
    expect(analyses()).toBe(1);
    await store.apply(scope, notes(70, 50), provenance);
    await store.scanCandidates({ scope, cue: 'coffee', limit: 3 });
    expect(analyses()).toBe(2);
    await store.close();
  });

  it('runs no statement for them at open: the first retrieval reads the catalog', async () => {
    const database = await db;
    const writer = await createDrizzleStore({ db: database });
    await writer.apply(scope, notes(0, 20), provenance);
    await writer.close();
    const catalogReads = () => logged.filter((entry) => entry.query.includes('pg_stats')).length;
    logged.length = 0;
    const store = await createDrizzleStore({ db: database });
    expect(catalogReads()).toBe(0);
    // Changes before the first read are counted against the table's size read then.
    await store.apply(scope, notes(20, 10), provenance);
    await store.retrieve({ scope, cue: 'tea', limit: 3 });
    await store.retrieve({ scope, cue: 'tea', limit: 3 });
    expect(catalogReads()).toBe(2); // the read, and the one after the analysis
    expect(analyses()).toBe(1);
    await store.close();
  });

  it('analyzes a table no analysis ever saw at its first retrieval, however it was filled', async () => {
    const database = await db;
    const writer = await createDrizzleStore({ db: database });
    await writer.apply(scope, notes(0, 20), provenance);
    await writer.close();
    const reader = await createDrizzleStore({ db: database });
    await reader.retrieve({ scope, cue: 'tea', limit: 3 });
    expect(analyses()).toBe(1);
    await reader.retrieve({ scope, cue: 'tea', limit: 3 });
    expect(analyses()).toBe(1);
    await reader.close();
  });

  it('reads the frequencies of common words off the full-text index, on its own statistics', async () => {
    const database = await db;
    const store = await createDrizzleStore({ db: database });
    for (let from = 0; from < 2_000; from += Limits.opsPerApply) {
      await store.apply(scope, notes(from, Math.min(Limits.opsPerApply, 2_000 - from)), provenance);
    }
    const cue = 'does Sam like tea or sushi?';
    await store.scanCandidates({ scope, cue, limit: 10 });
    logged.length = 0;
    const scanned = await store.scanCandidates({ scope, cue, limit: 10 });
    expect(scanned.memories).toHaveLength(500);
    const frequencies = logged.find((entry) => entry.query.includes('cue_words as materialized'));
    expect(frequencies).toBeDefined();
    const explained = await (await client).query<{ 'QUERY PLAN': string }>(
      `explain ${frequencies?.query}`,
      frequencies?.params,
    );
    const plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    // "tea" and "sushi" (250 memories each) are counted off the scoped GIN index, never by
    // walking the tenant's range of a B-tree, which the planner prefers without statistics.
    expect(plan).toContain('memories_scoped_search');
    // The rows at the scope's ancestors are looked up by their keys, never the tenant's range walked.
    const lines = plan.split('\n');
    const dedupConditions = lines.flatMap((line, at) =>
      line.includes('memories_dedup') ? [lines[at + 1] ?? ''] : [],
    );
    expect(dedupConditions.every((condition) => condition.includes('scope_key ='))).toBe(true);
    await store.close();
  });

  it('fails the retrieval when the analysis fails, and analyzes at the next one', async () => {
    const database = await db;
    const store = await createDrizzleStore({ db: database });
    await store.apply(scope, notes(0, 60), provenance);
    const execute = database.execute.bind(database);
    // The first statement of the retrieval reads the catalog; the second, the analysis, fails.
    const refused = vi
      .spyOn(database, 'execute')
      .mockImplementationOnce(execute)
      .mockImplementationOnce(() => {
        throw Object.assign(new Error('canceling statement due to lock timeout'), {
          code: '55P03',
        });
      });
    await expect(store.retrieve({ scope, cue: 'tea', limit: 3 })).rejects.toSatisfy(
      MemoryUnavailable.isInstance,
    );
    refused.mockRestore();
    const found = await store.retrieve({ scope, cue: 'tea', limit: 3 });
    expect(found.memories).toHaveLength(3);
    expect(analyses()).toBe(1);
    expect(await analyzed()).toBe(true);
    await store.close();
  });

  it('analyzes before a bulk write once the store changed 10 000 rows plus three times the table', async () => {
    const database = await db;
    const statistics = PlannerStatistics.deferred(database);
    statistics.noteChanges(10_000);
    await statistics.refreshForBulkWrite();
    expect(analyses()).toBe(0);
    statistics.noteChanges(1);
    await statistics.refreshForBulkWrite();
    await statistics.refreshForBulkWrite();
    expect(analyses()).toBe(1);

    // A restore runs it first: a small one into a store that changed little analyzes nothing.
    const store = await createDrizzleStore({ db: database });
    const at = new Date('2024-01-01T00:00:00.000Z');
    await store.restore(scope, {
      memories: [
        {
          id: 'restored',
          scope,
          versions: [
            {
              memoryId: 'restored',
              version: 1,
              change: 'created',
              layer: 'semantic',
              text: 'Sam likes tea',
              salience: 0.5,
              provenance,
              at,
            },
          ],
        },
      ],
    });
    expect(analyses()).toBe(1);
    await store.close();
  });
});
