import { Limits } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { zipfCorpus } from '@symfonic/test-support';
import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import { vectorIndex } from '../vectors/vector-index.js';
import {
  exactVectorScanLimit,
  type NearestVectorsRequest,
  nearestVectors,
  nearestVectorsByScope,
} from './nearest-vectors.js';
import { VectorScopeEstimates } from './vector-scope-estimates.js';

const suite = 'the vector list of a scope on PostgreSQL';
const url = await testDatabase('symfonic_drizzle_nearest_vectors');
const withPgvector = url !== undefined && (await serverHasPgvector(url));
if (!url) console.log(skippedWithoutDatabase(suite));
else if (!withPgvector) console.log(`${suite}: skipped because this server has no pgvector`);

const embedder = createTestEmbedder();
const index = vectorIndex(embedder.model, embedder.dimensions);
const tenant = 'acme';
const small = { tenant, path: ['user:small'] };
const other = { tenant, path: ['user:other'] };
const { sentence } = zipfCorpus(5);

describe.runIf(withPgvector)(suite, () => {
  const client = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    const store = await openNodePostgresStore({ connectionString: url as string, embedder });
    try {
      // The scope searched, and a larger one beside it in the same tenant and HNSW graph.
      for (const [scope, count] of [
        [small, 300],
        [other, 900],
      ] as const) {
        for (let from = 0; from < count; from += Limits.opsPerApply) {
          const ops = Array.from(
            { length: Math.min(Limits.opsPerApply, count - from) },
            (_, n) => ({
              op: 'add' as const,
              text: `${sentence(5 + ((from + n) % 6))} ${scope.path[0]} #${from + n}`,
            }),
          );
          await store.apply(scope, ops, { writer: 'test' });
        }
      }
    } finally {
      await store.close();
    }
    await client.connect();
    await client.query('analyze symfonic.memory_embeddings');
  });
  afterAll(() => client.end());

  /** The request for `cue`'s nearest rows at the small scope. */
  async function request(cue: string): Promise<NearestVectorsRequest> {
    const [values] = await embedder.embed([cue]);
    return {
      scope: small,
      layers: ['episodic', 'semantic'],
      window: 10,
      vector: { index, values: values as Float32Array },
    };
  }
  /** The rows of the vector list `list` and the plan it ran, in one transaction. */
  async function nearest(list: SQL, graph = false) {
    const { sql: text, params } = new PgDialect().sqlToQuery(
      sql`with ${list} select id, distance from semantic_nearest order by distance, id collate "C"`,
    );
    await client.query('begin');
    try {
      // The settings a ranking searches HNSW with (the graph's breadth over this whole corpus).
      await client.query("select set_config('hnsw.ef_search', '1000', true)");
      await client.query('set local hnsw.iterative_scan = strict_order');
      // At this size the planner reads a few pages whole rather than an index, and sorts
      // them rather than walk the graph; these make it take an index, and the graph where
      // the HNSW branch is tested (a bitmap cannot keep the distance order).
      await client.query('set local enable_seqscan = off');
      if (graph) await client.query('set local enable_bitmapscan = off');
      const rows = (await client.query<{ id: string; distance: number }>(text, params)).rows;
      const plan = (
        await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, timing off, summary off) ${text}`,
          params,
        )
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      return { rows, plan };
    } finally {
      await client.query('rollback');
    }
  }
  /** The plan's line after the one-time filter `filter` (the branch it gates), and that line. */
  const gated = (plan: string, filter: RegExp) => {
    const lines = plan.split('\n');
    const at = lines.findIndex((line) => filter.test(line) && line.includes('One-Time Filter'));
    return lines[at + 1] ?? '';
  };

  it('compares a small scope exactly, never reading the HNSW graph', async () => {
    expect(300).toBeLessThanOrEqual(exactVectorScanLimit);
    const database = drizzle(client);
    const list = await nearestVectors(database, await request('a quiet morning by the river'));
    const { rows, plan } = await nearest(list);
    expect(rows).toHaveLength(10);
    expect(plan).toMatch(/CTE scoped_vectors\n.*\n.*\(actual rows=300 loops=1\)/);
    expect(gated(plan, /<= \d+\)/)).toMatch(
      /CTE Scan on scoped_vectors \(actual rows=300 loops=1\)/,
    );
    expect(gated(plan, /> \d+\)/)).toMatch(/never executed/);
    expect(plan).not.toMatch(new RegExp(`${index.name}[^\n]*actual`));
  });

  it('walks the HNSW graph alone when the planner expects more vectors than the limit', async () => {
    const database = drizzle(client);
    const list = await nearestVectors(database, await request('a quiet morning by the river'), {
      exactLimit: 0,
    });
    const { rows, plan } = await nearest(list, true);
    expect(rows).toHaveLength(10);
    expect(plan).not.toMatch(/scoped_vectors/);
    expect(plan).toMatch(
      new RegExp(`Index Scan using ${index.name} .*\\(actual rows=10 loops=1\\)`),
    );
  });

  it('walks the HNSW graph when the scope read for an exact comparison holds more than the limit', async () => {
    const list = nearestVectorsByScope(await request('a quiet morning by the river'), 0);
    const { rows, plan } = await nearest(list, true);
    expect(rows).toHaveLength(10);
    expect(gated(plan, /<= 0\)/)).toMatch(/never executed/);
    expect(gated(plan, /> 0\)/)).toMatch(
      new RegExp(`Index Scan using ${index.name} .*\\(actual rows=10 loops=1\\)`),
    );
  });

  it('finds the same nearest rows either way on a small corpus, all of them in the scope', async () => {
    let compared = 0;
    for (const cue of ['a quiet morning by the river', sentence(4), sentence(7)]) {
      const exact = await nearest(nearestVectorsByScope(await request(cue), exactVectorScanLimit));
      const graph = await nearest(nearestVectorsByScope(await request(cue), 0), true);
      // The same distances (to float rounding: the graph computes them apart), and the same
      // rows before the tenth: rows level with it may be any of the tied ones.
      expect(graph.rows).toHaveLength(exact.rows.length);
      graph.rows.forEach((row, place) => {
        expect(row.distance).toBeCloseTo(exact.rows[place]?.distance ?? -1, 6);
      });
      const last = (exact.rows.at(-1)?.distance ?? 0) - 1e-6;
      const before = (rows: { id: string; distance: number }[]) =>
        rows.filter((row) => row.distance < last).map((row) => row.id);
      expect(before(graph.rows)).toEqual(before(exact.rows));
      compared += before(exact.rows).length;
      const placed = await client.query<{ path: string[] }>(
        'select path from symfonic.memories where id = any($1::text[])',
        [exact.rows.map((row) => row.id)],
      );
      expect(placed.rows.map((row) => row.path)).toEqual(
        Array.from({ length: 10 }, () => small.path),
      );
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('plans the estimate once while the store keeps it, and again once it is too old', async () => {
    let clock = 0;
    const estimates = new VectorScopeEstimates(10, 1_000, () => clock);
    let explains = 0;
    const database = drizzle(client, {
      logger: {
        logQuery: (query) => {
          if (/^explain/i.test(query)) explains += 1;
        },
      },
    });
    const asked = await request('a quiet morning by the river');
    const first = await nearestVectors(database, asked, { estimates });
    const dialect = new PgDialect();
    clock = 999;
    expect(dialect.sqlToQuery(await nearestVectors(database, asked, { estimates }))).toEqual(
      dialect.sqlToQuery(first),
    );
    expect(explains).toBe(1);
    clock = 1_000;
    await nearestVectors(database, asked, { estimates });
    expect(explains).toBe(2);
    // Another scope has an estimate of its own.
    await nearestVectors(database, { ...asked, scope: other }, { estimates });
    expect(explains).toBe(3);
  });
});
