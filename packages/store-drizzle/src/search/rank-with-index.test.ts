import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  type FusionWeights,
  Limits,
  type MemoryOp,
  type MemoryScope,
  resolveFusionWeights,
  type StoredLayer,
} from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDrizzleStore } from '../create-drizzle-store.js';
import { PlannerStatistics } from '../database/planner-statistics.js';
import { runInTransaction } from '../database/run-in-transaction.js';
import type { StoreDatabase } from '../database/store-database.js';
import { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { detectPgvector } from '../vectors/detect-pgvector.js';
import { vectorIndex } from '../vectors/vector-index.js';
import { hnswSearchBreadth } from './hnsw-search-breadth.js';
import { type RankRequest, rankMemories } from './rank-memories.js';
import { rankWithIndex } from './rank-with-index.js';
import { ReadIndex } from './read-index.js';
import { frequencyCap } from './weigh-lexemes.js';

// One PGlite with pgvector for the file: a cold start takes seconds.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

const embedder = createTestEmbedder({ dimensions: 16 });
const index = vectorIndex(embedder.model, embedder.dimensions);
const weights: FusionWeights = resolveFusionWeights(undefined, true);

/** Common words (each in more than `frequencyCap` memories), rarer ones, and words no memory says. */
const common = ['tea', 'coffee', 'garden'];
const rare = ['jazz', 'hiking', 'lyon', 'peanuts', 'chess', 'sailing', 'poetry', 'skiing', 'cats'];
const absent = ['zeppelin', 'quasar'];
const filler = ['the', 'and', 'likes', 'said', 'about', 'often'];

const scopes: MemoryScope[] = [
  { tenant: 'acme', path: [] },
  { tenant: 'acme', path: ['user:1'] },
  { tenant: 'acme', path: ['user:1', 'conversation:1'] },
  { tenant: 'acme', path: ['user:10'] },
  { tenant: 'other', path: ['user:1'] },
];

/** A deterministic pseudo-random sequence. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A memory's text: a common word most of the time, a rare one sometimes, so both kinds of list are ranked. */
function textOf(index: number, random: () => number): string {
  const words = [`note${index}`, pick(filler, random)];
  if (random() < 0.8) words.push(pick(common, random));
  if (random() < 0.5) words.push(pick(common, random));
  if (random() < 0.3) words.push(pick(rare, random));
  return words.join(' ');
}

interface Opened {
  readonly db: StoreDatabase;
  readonly store: DrizzleMemoryStore;
  readonly readIndex: ReadIndex;
  readonly iterativeScan: boolean;
}

let opened: Opened;

beforeAll(async () => {
  const db = drizzle({ client: await client });
  // Migrates the database and creates the model's HNSW index.
  await openDrizzleStore({ db, embedder }, { soleWriter: true });
  const pgvector = await detectPgvector(db);
  const readIndex = new ReadIndex(db);
  // The store as `openDrizzleStore` builds it for a sole writer, with the index this test reads.
  const store = new DrizzleMemoryStore({
    database: db,
    pgvector,
    scanBudget: 500,
    fusionWeights: weights,
    statistics: PlannerStatistics.deferred(db),
    embedder,
    vectorIndex: index,
    readIndex,
  });
  const random = sequence(11);
  let written = 0;
  for (const [place, scope] of scopes.entries()) {
    const count = place === 1 ? 700 : 120;
    for (let start = 0; start < count; start += Limits.opsPerApply) {
      const ops: MemoryOp[] = [];
      for (let at = start; at < Math.min(count, start + Limits.opsPerApply); at += 1) {
        written += 1;
        ops.push({
          op: 'add',
          layer: random() < 0.3 ? 'episodic' : 'semantic',
          text: textOf(written, random),
          // Few saliences, so ties go to the update time, then the id.
          salience: pick([0.2, 0.5, 0.5, 0.9], random),
          ...(random() < 0.3 ? { context: `${pick(rare, random)} ${pick(common, random)}` } : {}),
        });
      }
      const result = await store.apply(scope, ops, { writer: 'test' });
      expect(result.rejected).toEqual([]);
    }
  }
  expect(await readIndex.ready()).toBe(true);
  opened = { db, store, readIndex, iterativeScan: pgvector?.iterativeScan ?? false };
}, 120_000);

/** A ranking asked of both paths. */
const requestArbitrary = fc.record({
  scope: fc.constantFrom(...scopes),
  words: fc.array(fc.constantFrom(...common, ...rare, ...absent, ...filler, 'note12', 'Teas'), {
    minLength: 1,
    maxLength: 8,
  }),
  layers: fc.constantFrom<StoredLayer[]>(['episodic', 'semantic'], ['semantic'], ['episodic']),
  window: fc.integer({ min: 1, max: 40 }),
  hybrid: fc.boolean(),
  lexicalWeight: fc.constantFrom(weights.lexical, 0, 1),
});

type Asked = typeof requestArbitrary extends fc.Arbitrary<infer Value> ? Value : never;

/** Rank `asked` with `rank` as `rankCandidates` does: a cue vector's ranking in a transaction widening the HNSW search. */
async function ranked(
  asked: Asked,
  rank: (database: StoreDatabase, request: RankRequest) => Promise<unknown>,
): Promise<unknown> {
  const { db, iterativeScan } = opened;
  const request: RankRequest = {
    scope: asked.scope,
    cue: asked.words.join(' '),
    layers: asked.layers,
    window: asked.window,
    weights: { ...weights, lexical: asked.lexicalWeight },
  };
  if (!asked.hybrid) return rank(db, request);
  const [values] = await embedder.embed([request.cue]);
  return runInTransaction(db, async (transaction) => {
    await transaction.execute(
      sql`select set_config('hnsw.ef_search', ${String(hnswSearchBreadth(asked.window))}, true)`,
    );
    if (iterativeScan) await transaction.execute(sql`set local hnsw.iterative_scan = strict_order`);
    return rank(transaction, {
      ...request,
      vector: { index, values: values as Float32Array },
    });
  });
}

/** Both paths' answers for `asked`. */
async function bothPaths(asked: Asked): Promise<[unknown, unknown]> {
  const fromSql = await ranked(asked, rankMemories);
  const fromIndex = await ranked(asked, (database, request) =>
    rankWithIndex(database, opened.readIndex, request),
  );
  return [fromIndex, fromSql];
}

describe('rankWithIndex', () => {
  it('ranks common and rare words, in text and context, exactly as the SQL path', async () => {
    const [fromIndex, fromSql] = await bothPaths({
      scope: scopes[1] as MemoryScope,
      words: ['tea', 'jazz', 'lyon', 'garden'],
      layers: ['episodic', 'semantic'],
      window: 20,
      hybrid: false,
      lexicalWeight: 1,
    });
    expect(fromIndex).toEqual(fromSql);
    const answer = fromSql as {
      ranked: unknown[];
      commonWordsCut: number;
      lexicalOverflow: boolean;
    };
    // The corpus reaches what the property must cover: common words cut, overflow, a full window.
    expect(answer.ranked).toHaveLength(20);
    expect(answer.lexicalOverflow).toBe(true);
    expect(answer.commonWordsCut).toBeGreaterThan(0);
    const [{ hits }] = resultRows<{ hits: number }>(
      await opened.db.execute(
        sql`select count(*)::int as hits from ${memories} where search @@ 'tea'::tsquery and tenant = 'acme'`,
      ),
    ) as [{ hits: number }];
    expect(hits).toBeGreaterThan(frequencyCap);
  });

  it('answers what the SQL path answers, lexical and hybrid, for any cue, scope, layers and window', async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (asked) => {
        const [fromIndex, fromSql] = await bothPaths(asked);
        expect(fromIndex).toEqual(fromSql);
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('stays in step with the store writes (apply, delete, restore, forget) and ranks as the SQL path after them', async () => {
    const { store, db, readIndex } = opened;
    const random = sequence(23);
    const scope = scopes[1] as MemoryScope;
    const page = await store.list(scope, { limit: 60 });
    const ids = page.records.map((record) => record.id);
    const ops: MemoryOp[] = ids
      .slice(0, 20)
      .map((id, place) =>
        place % 2 === 0
          ? { op: 'update', id, text: `${pick(rare, random)} rewritten ${place} tea` }
          : { op: 'delete', id },
      );
    ops.push({
      op: 'add',
      layer: 'semantic',
      text: 'sailing with coffee',
      salience: 0.5,
      context: 'lyon jazz',
    });
    expect((await store.apply(scope, ops, { writer: 'test' })).rejected).toEqual([]);
    const at = new Date('2026-11-30T10:00:00.000Z');
    const restored = await store.restore(scopes[3] as MemoryScope, {
      memories: [
        {
          id: 'restored-1',
          scope: scopes[3] as MemoryScope,
          versions: [
            {
              memoryId: 'restored-1',
              version: 1,
              change: 'created',
              layer: 'semantic',
              text: 'restored chess and tea',
              salience: 0.5,
              provenance: { writer: 'test' },
              at,
            },
          ],
        },
      ],
    });
    expect(restored.memories).toHaveLength(1);
    await store.forget(scopes[2] as MemoryScope);
    // A write that changes nothing leaves the index as it was.
    expect(
      (await store.apply(scope, [{ op: 'update', id: 'nobody', text: 'x' }], { writer: 'test' }))
        .rejected,
    ).toHaveLength(1);

    // What the index holds is what a new index reads from the database.
    const fresh = new ReadIndex(db);
    expect(await fresh.ready()).toBe(true);
    expect(await readIndex.ready()).toBe(true);
    for (const tenant of ['acme', 'other']) {
      const kept = readIndex.tenant(tenant);
      const loaded = fresh.tenant(tenant);
      expect(new Map(kept?.byId)).toEqual(new Map(loaded?.byId));
      expect(kept?.recent.map((memory) => memory.row.id)).toEqual(
        loaded?.recent.map((memory) => memory.row.id),
      );
      expect([...(kept?.holders.keys() ?? [])].sort()).toEqual(
        [...(loaded?.holders.keys() ?? [])].sort(),
      );
    }
    expect(readIndex.size).toBe(fresh.size);

    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (asked) => {
        const [fromIndex, fromSql] = await bothPaths(asked);
        expect(fromIndex).toEqual(fromSql);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('hands out copies: a caller changing a ranked row does not change the index', async () => {
    const asked: Asked = {
      scope: scopes[1] as MemoryScope,
      words: ['jazz'],
      layers: ['episodic', 'semantic'],
      window: 5,
      hybrid: false,
      lexicalWeight: 1,
    };
    const [first] = await bothPaths(asked);
    const rows = (first as { ranked: { row: { text: string; updatedAt: Date } }[] }).ranked;
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) {
      row.text = 'changed by a caller';
      row.updatedAt.setTime(0);
    }
    const [again, fromSql] = await bothPaths(asked);
    expect(again).toEqual(fromSql);
  });
});
