import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  compareCodePoints,
  type EmbeddingProvider,
  type FusionWeights,
  Limits,
  type MemoryOp,
  type MemoryScope,
  resolveFusionWeights,
  type StoredLayer,
  vectorFullWeightMargin,
} from '@symfonic/core';
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
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { scopePlacement } from '../scope/scope-placement.js';
import { visibleTo } from '../scope/visible-to.js';
import { detectPgvector } from '../vectors/detect-pgvector.js';
import { vectorIndex } from '../vectors/vector-index.js';
import { normOf } from './norm-of.js';
import { rankIndexedVectors } from './rank-indexed-vectors.js';
import { type RankedMemories, type RankRequest, rankMemories } from './rank-memories.js';
import { rankWithIndex } from './rank-with-index.js';
import { drizzleTsvectorText } from './read-cue-words.js';
import { ReadIndex, type TenantMemories } from './read-index.js';
import { frequencyCap } from './weigh-lexemes.js';

// One PGlite with pgvector for the file: a cold start takes seconds.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

/**
 * An embedder of 16 dimensions whose vectors are pseudo-random in each text
 * (seeded by its characters): similarities to a cue spread over -1..1, so
 * most vector lists have no near-tie and the fused rankings can be compared
 * row by row (the concept-counting test embedder gives many memories the
 * very same similarity to a cue).
 */
const embedder: EmbeddingProvider = {
  model: 'seeded-random-16',
  dimensions: 16,
  embed: async (texts) =>
    texts.map((text) => {
      let seed = 7;
      for (const character of text)
        seed = (Math.imul(seed, 31) + (character.codePointAt(0) ?? 0)) >>> 0;
      const random = sequence(seed);
      return Float32Array.from({ length: 16 }, () => random() * 2 - 1);
    }),
};
const index = vectorIndex(embedder.model, embedder.dimensions);
const weights: FusionWeights = resolveFusionWeights(undefined, embedder);

/**
 * How far a similarity computed in process may be from pgvector's. pgvector
 * sums the `d` products of the dot product and the two squared norms in
 * single precision (unit roundoff u = 2⁻²⁴), in an order its compiler may
 * change; each sum's error is at most about d·u times the sum of the
 * absolute terms, which Cauchy–Schwarz bounds by the norms' product, so the
 * cosine is off by at most about 2·d·u, plus a few u for the square root and
 * the division (the in-process cosine, summed in double precision, adds
 * about d·2⁻⁵³). Twice that bound: 4·d·u, 3.8e-6 at 16 dimensions.
 */
const tolerance = 4 * embedder.dimensions * 2 ** -24;

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
  /** A store of the same database and read index without an embedder: it writes memories without vectors. */
  readonly unembeddedStore: DrizzleMemoryStore;
  readonly readIndex: ReadIndex;
}

let opened: Opened;

beforeAll(async () => {
  const db = drizzle({ client: await client });
  // Migrates the database and creates the model's HNSW index.
  await openDrizzleStore({ db, embedder }, { soleWriter: true });
  const pgvector = await detectPgvector(db);
  const readIndex = new ReadIndex(db, index);
  // The store as `openDrizzleStore` builds it for a sole writer, with the index this test reads.
  const settings = {
    database: db,
    pgvector,
    scanBudget: 500,
    fusionWeights: weights,
    statistics: PlannerStatistics.deferred(db),
    readIndex,
  };
  const store = new DrizzleMemoryStore({ ...settings, embedder, vectorIndex: index });
  const unembeddedStore = new DrizzleMemoryStore(settings);
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
  opened = { db, store, unembeddedStore, readIndex };
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

/** The request `asked` stands for, with the cue's vector when it is hybrid. */
async function requestOf(asked: Asked): Promise<RankRequest> {
  const request: RankRequest = {
    scope: asked.scope,
    cue: asked.words.join(' '),
    layers: asked.layers,
    window: asked.window,
    weights: { ...weights, lexical: asked.lexicalWeight },
  };
  if (!asked.hybrid) return request;
  const [values] = await embedder.embed([request.cue]);
  return { ...request, vector: { index, values: values as Float32Array } };
}

/**
 * The SQL path's ranking of `request` with PostgreSQL's exact vector search:
 * index scans off, so the HNSW index does not serve the vector list and the
 * rows are sorted by their distance.
 */
function rankInSql(request: RankRequest): Promise<RankedMemories> {
  if (!request.vector) return rankMemories(opened.db, request);
  return runInTransaction(opened.db, async (transaction) => {
    await transaction.execute(sql`set local enable_indexscan = off`);
    return rankMemories(transaction, request);
  });
}

/** PostgreSQL's exact vector list for `request`: `[id, similarity]`, nearest first, `extra` rows past the window. */
async function exactVectorList(request: RankRequest, extra: number): Promise<[string, number][]> {
  const vector = request.vector as NonNullable<RankRequest['vector']>;
  return runInTransaction(opened.db, async (transaction) => {
    await transaction.execute(sql`set local enable_indexscan = off`);
    return resultRows<{ id: string; similarity: number }>(
      await transaction.execute(sql`
        select ${memoryEmbeddings.memoryId} as id, 1 - (${index.column} <=> ${index.literal(vector.values)}) as similarity
        from ${memoryEmbeddings}
        where ${index.rows} and ${visibleTo(memoryEmbeddings, request.scope)}
          and ${memoryEmbeddings.layer} = any(${sql.param([...request.layers])}::text[])
        order by ${index.column} <=> ${index.literal(vector.values)}, ${memoryEmbeddings.memoryId} collate "C"
        limit ${request.window + extra}`),
    ).map(({ id, similarity }) => [id, Number(similarity)]);
  });
}

/** pgvector's similarity of each of `ids` to the cue vector of `request`. */
async function sqlSimilarities(
  request: RankRequest,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const vector = request.vector as NonNullable<RankRequest['vector']>;
  const rows = resultRows<{ id: string; similarity: number }>(
    await opened.db.execute(sql`
      select ${memoryEmbeddings.memoryId} as id, 1 - (${index.column} <=> ${index.literal(vector.values)}) as similarity
      from ${memoryEmbeddings}
      where ${index.rows} and ${memoryEmbeddings.memoryId} = any(${sql.param([...ids])}::text[])`),
  );
  return new Map(rows.map(({ id, similarity }) => [id, Number(similarity)]));
}

/** Whether two of `similarities` (nearest first) next to each other are within twice the tolerance. */
function hasNearTie(similarities: readonly number[]): boolean {
  return similarities.some(
    (similarity, at) => at > 0 && (similarities[at - 1] as number) - similarity <= 2 * tolerance,
  );
}

/**
 * Checks the index's vector list for `request` against PostgreSQL's exact
 * one: the same length, the similarities place by place within the
 * tolerance, each listed memory's similarity within the tolerance of
 * pgvector's, and each memory where PostgreSQL's order puts a memory as
 * similar up to near-ties. Answers whether the lists hold the same
 * memories in the same order.
 */
async function checkVectorList(request: RankRequest): Promise<boolean> {
  const vector = request.vector as NonNullable<RankRequest['vector']>;
  const placement = scopePlacement(request.scope);
  const fromIndex = rankIndexedVectors(
    opened.readIndex.tenant(placement.tenant),
    placement,
    request.layers,
    request.window,
    vector.values,
    [],
  );
  const exact = await exactVectorList(request, 0);
  expect(fromIndex.nearest).toHaveLength(exact.length);
  const pgvector = await sqlSimilarities(
    request,
    fromIndex.nearest.map(({ memory }) => memory.row.id),
  );
  fromIndex.nearest.forEach(({ memory, similarity, place }, at) => {
    const [, exactSimilarity] = exact[at] as [string, number];
    expect(Math.abs(similarity - exactSimilarity)).toBeLessThanOrEqual(tolerance);
    const own = pgvector.get(memory.row.id) as number;
    expect(Math.abs(similarity - own)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(own - exactSimilarity)).toBeLessThanOrEqual(2 * tolerance);
    expect(place).toBeLessThanOrEqual(at + 1);
  });
  return fromIndex.nearest.every(({ memory }, at) => memory.row.id === exact[at]?.[0]);
}

/**
 * A ranked row as compared between paths: the similarity apart, which may
 * differ in the last bits, and the relevance, which the vector list's
 * similarities weigh (core's `hybridWeights`) and which is compared within
 * {@link relevanceTolerance}.
 */
function withoutSimilarity({
  similarity,
  relevance,
  ...rest
}: RankedMemories['ranked'][number]): unknown {
  return rest;
}

/**
 * How far the two paths' fused relevances may differ: each similarity
 * within `tolerance` moves the vector list's margin by at most twice that,
 * its weight by that over core's `vectorFullWeightMargin`, and a relevance
 * (at most 1) by no more than the weight's change.
 */
const relevanceTolerance = (2 * tolerance) / vectorFullWeightMargin;

/**
 * Ranks `asked` by both paths and checks they agree: exactly by full text
 * alone; with a cue vector, the vector list as {@link checkVectorList}
 * says, the same count of memories without a vector, and, when PostgreSQL's exact vector list has no near-tie (its
 * `window + 1` nearest similarities more than twice the tolerance apart),
 * the same fused rows, relevance and flags, with similarities within the
 * tolerance. Answers whether the fused rankings were compared.
 */
async function checkBothPaths(asked: Asked): Promise<boolean> {
  const request = await requestOf(asked);
  const fromSql = await rankInSql(request);
  const fromIndex = await rankWithIndex(drizzleTsvectorText(opened.db), opened.readIndex, request);
  expect(fromIndex).toBeDefined();
  const ranking = fromIndex as NonNullable<typeof fromIndex>;
  if (!request.vector) {
    expect(ranking).toEqual(fromSql);
    return true;
  }
  await checkVectorList(request);
  expect(ranking.unembedded).toBe(fromSql.unembedded);
  const exact = await exactVectorList(request, 1);
  if (hasNearTie(exact.map(([, similarity]) => similarity))) return false;
  expect({ ...ranking, ranked: ranking.ranked.map(withoutSimilarity) }).toEqual({
    ...fromSql,
    ranked: fromSql.ranked.map(withoutSimilarity),
  });
  ranking.ranked.forEach(({ similarity, relevance }, at) => {
    expect(Math.abs(relevance - (fromSql.ranked[at]?.relevance ?? -1))).toBeLessThanOrEqual(
      relevanceTolerance,
    );
    const sqlSimilarity = fromSql.ranked[at]?.similarity;
    expect(similarity === undefined).toBe(sqlSimilarity === undefined);
    if (similarity !== undefined) {
      expect(Math.abs(similarity - (sqlSimilarity as number))).toBeLessThanOrEqual(tolerance);
    }
  });
  return true;
}

/** Runs {@link checkBothPaths} on `runs` random requests; answers how many fused rankings were compared. */
async function checkRandomRequests(runs: number): Promise<number> {
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(requestArbitrary, async (asked) => {
      if ((await checkBothPaths(asked)) && asked.hybrid) compared += 1;
    }),
    { numRuns: runs },
  );
  return compared;
}

/** A probe of the index's vectors: whose similarity to one fixed vector each bucket answers. */
const probeValues = Float32Array.from({ length: index.dimensions }, (_, at) => Math.sin(at + 1));
const probe = { values: probeValues, norm: normOf(probeValues) };

/** What the vector buckets of `tenant` hold: by bucket, its memories' similarities to the probe and the count without a vector. */
function bucketContents(tenant: TenantMemories | undefined): Map<string, unknown> {
  const memoriesOf = [...(tenant?.byId.values() ?? [])].sort((left, right) =>
    compareCodePoints(left.row.id, right.row.id),
  );
  return new Map(
    [...(tenant?.vectors ?? [])].map(([key, bucket]) => [
      key,
      {
        size: bucket.size,
        unembedded: bucket.unembedded,
        similarities: memoriesOf.map((memory) => [
          memory.row.id,
          bucket.similarity(memory, probe) ?? null,
        ]),
      },
    ]),
  );
}

/** Checks that what `readIndex` holds is what a new index reads from the database. */
async function checkInStep(): Promise<void> {
  const { db, readIndex } = opened;
  const fresh = new ReadIndex(db, index);
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
    // The vectors by scope and layer, rows moved by deletes or not: the same similarities.
    expect(bucketContents(kept)).toEqual(bucketContents(loaded));
    expect(loaded?.vectors.size).toBeGreaterThan(0);
  }
  expect(readIndex.size).toBe(fresh.size);
}

/**
 * Checks the index after writes: in step with the database ({@link checkInStep}), counting
 * `unembedded` memories without a vector for `asked`, and ranking `asked` and random requests
 * as the SQL path does.
 */
async function checkAfterWrites(asked: Asked, unembedded: number): Promise<void> {
  await checkInStep();
  const ranked = await rankWithIndex(
    drizzleTsvectorText(opened.db),
    opened.readIndex,
    await requestOf(asked),
  );
  expect(ranked?.unembedded).toBe(unembedded);
  await checkBothPaths(asked);
  await checkRandomRequests(20);
}

describe('rankWithIndex', () => {
  it('ranks common and rare words, in text and context, exactly as the SQL path', async () => {
    const asked: Asked = {
      scope: scopes[1] as MemoryScope,
      words: ['tea', 'jazz', 'lyon', 'garden'],
      layers: ['episodic', 'semantic'],
      window: 20,
      hybrid: false,
      lexicalWeight: 1,
    };
    expect(await checkBothPaths(asked)).toBe(true);
    const answer = await rankInSql(await requestOf(asked));
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

  it("lists the vectors nearest the cue as PostgreSQL's exact search does, and fuses as the SQL path", async () => {
    const asked: Asked = {
      scope: scopes[1] as MemoryScope,
      words: ['tea', 'jazz', 'lyon', 'garden'],
      layers: ['episodic', 'semantic'],
      window: 20,
      hybrid: true,
      lexicalWeight: weights.lexical,
    };
    const request = await requestOf(asked);
    // This cue's list has no near-tie: the same memories in the same order.
    expect(await checkVectorList(request)).toBe(true);
    const fromIndex = await rankWithIndex(
      drizzleTsvectorText(opened.db),
      opened.readIndex,
      request,
    );
    const ranked = fromIndex?.ranked ?? [];
    // Rows of each list, each with a similarity (a full-text row's read for it alone).
    expect(ranked.some((row) => row.places?.vectorPlace && !row.places.lexicalPlace)).toBe(true);
    expect(ranked.some((row) => !row.places?.vectorPlace && row.places?.lexicalPlace)).toBe(true);
    expect(ranked.every((row) => row.similarity !== undefined)).toBe(true);
    expect(await checkBothPaths(asked)).toBe(true);
  });

  it('answers what the SQL path answers, lexical and hybrid, for any cue, scope, layers and window', async () => {
    // Most hybrid rankings have no near-tie in their vector list, so their fused rows are compared.
    expect(await checkRandomRequests(80)).toBeGreaterThan(10);
  }, 120_000);

  it('stays in step with the store writes (apply, delete, restore, forget, embedMissing) and ranks as the SQL path after them', async () => {
    const { store, unembeddedStore } = opened;
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
    // Memories written without vectors: the index counts them as the SQL path does.
    const unembeddedOps: MemoryOp[] = ['jazz', 'chess', 'sailing'].map((word, place) => ({
      op: 'add',
      layer: 'semantic',
      text: `${word} tea written without a vector ${place}`,
      salience: 0.5,
    }));
    expect(
      (await unembeddedStore.apply(scope, unembeddedOps, { writer: 'test' })).rejected,
    ).toEqual([]);
    const hybridAsked: Asked = {
      scope,
      words: ['jazz', 'tea'],
      layers: ['semantic'],
      window: 20,
      hybrid: true,
      lexicalWeight: weights.lexical,
    };
    await checkAfterWrites(hybridAsked, 3);

    // embedMissing writes their vectors through the index, which reads them again.
    expect(await store.embedMissing()).toEqual({ embedded: 3 });
    await checkAfterWrites(hybridAsked, 0);
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
    const first = await rankWithIndex(
      drizzleTsvectorText(opened.db),
      opened.readIndex,
      await requestOf(asked),
    );
    const rows = first?.ranked ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) {
      (row as { text: string }).text = 'changed by a caller';
      row.updatedAt.setTime(0);
    }
    expect(await checkBothPaths(asked)).toBe(true);
  });

  it('leaves a cue vector of a model it holds no vectors of to the SQL path', async () => {
    const other = vectorIndex('another-model', embedder.dimensions);
    const request = await requestOf({
      scope: scopes[1] as MemoryScope,
      words: ['jazz'],
      layers: ['semantic'],
      window: 5,
      hybrid: true,
      lexicalWeight: 1,
    });
    const vector = request.vector as NonNullable<RankRequest['vector']>;
    expect(
      await rankWithIndex(drizzleTsvectorText(opened.db), opened.readIndex, {
        ...request,
        vector: { ...vector, index: other },
      }),
    ).toBeUndefined();
  });
});
