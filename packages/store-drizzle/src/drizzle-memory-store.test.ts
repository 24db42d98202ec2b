import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  cosineSimilarity,
  DegradationCode,
  InvalidMemoryInput,
  Limits,
  type MemoryScope,
  type MemoryStore,
  RejectionCode,
  type RestoredMemory,
  ScopeViolation,
} from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDrizzleStore } from './create-drizzle-store.js';
import { memories } from './schema/memories.js';
import { frequencyCap } from './search/weigh-lexemes.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';

interface LoggedQuery {
  readonly query: string;
  readonly params: unknown[];
}

// One PGlite with pgvector for the file: a cold start takes seconds.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

const logged: LoggedQuery[] = [];
const embedder = createTestEmbedder();
const opened = client.then(async (database) => {
  const db = drizzle({
    client: database,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  });
  return { db, store: await createDrizzleStore({ db, embedder }) };
});
const provenance = { writer: 'store-test' };

beforeEach(async () => {
  await eraseStoreTables((await opened).db);
  logged.length = 0;
});

/** The statements logged while `action` ran. */
async function statementsOf(action: () => Promise<unknown>): Promise<LoggedQuery[]> {
  const start = logged.length;
  await action();
  return logged.slice(start);
}

/** Run every method of the store once at `scope`, as a caller would. */
async function exerciseEveryMethod(store: MemoryStore, scope: MemoryScope): Promise<void> {
  await store.append(scope, { turnId: 't1', speaker: 'user', text: 'I like tea', turn: 0 });
  await store.recent(scope, 5);
  const added = await store.apply(
    scope,
    [
      { op: 'add', text: 'Likes green tea' },
      { op: 'add', text: 'Has a dog', layer: 'episodic' },
    ],
    provenance,
  );
  const [tea, dog] = added.applied.map((applied) => applied.record.id);
  await store.apply(
    scope,
    [
      { op: 'update', id: tea ?? '', text: 'Likes black tea' },
      { op: 'delete', id: dog ?? '' },
      { op: 'add', text: 'likes BLACK tea' },
    ],
    provenance,
  );
  await store.retrieve({ scope, cue: 'tea', limit: 1 });
  await store.scanCandidates({ scope, cue: 'which tea', limit: 1 });
  await store.get(scope, tea ?? '');
  await store.list(scope, { limit: 1 });
  await store.history(scope, dog ?? '');
  await store.changes(scope, { limit: 1 });
  await store.scopes(scope, { limit: 1 });
  await store.turns(scope, { limit: 1 });
  const history = await store.history(scope, tea ?? '');
  await store.restore(scope, {
    memories: [
      {
        id: 'restored',
        scope,
        versions: history.map((version) => ({
          ...version,
          memoryId: 'restored',
          layer: 'semantic',
          text: `${version.text} again`,
        })),
      },
    ],
    turns: [
      { scope, turnId: 'restored', speaker: 'user', text: 'Back again', turn: 9, at: new Date() },
    ],
  });
  // Held memories restored with a version more: one row rewritten, one deleted.
  const longer = async (id: string, change: 'updated' | 'deleted') => {
    // Restored memories are never working memory: the history is of stored layers.
    const versions = (await store.history(scope, id)) as RestoredMemory['versions'];
    const last = versions.at(-1) as RestoredMemory['versions'][number];
    const next = { ...last, version: last.version + 1, change, text: `${last.text}, later` };
    return { id, scope, versions: [...versions, { ...next, at: new Date(last.at.getTime() + 1) }] };
  };
  const restoredAgain = await store.restore(scope, {
    memories: [await longer(tea ?? '', 'updated'), await longer('restored', 'deleted')],
  });
  expect(restoredAgain.memories.map((outcome) => outcome.status)).toEqual(['imported', 'imported']);
  await store.forget(scope);
}

describe('DrizzleMemoryStore on PGlite with pgvector', () => {
  it('puts the tenant predicate, with the asking tenant, in every statement it sends', async () => {
    const { store } = await opened;
    const tenant = 'tenant-under-test';
    const statements = (
      await statementsOf(() => exerciseEveryMethod(store, { tenant, path: ['user:1'] }))
    ).filter((statement) => statement.query.includes('"symfonic".'));
    expect(statements.length).toBeGreaterThan(15);
    for (const { query, params } of statements) {
      if (/^insert into "symfonic"\./.test(query)) {
        expect(query).toMatch(/\([^)]*"tenant"/);
        // A restore's rows come as JSON documents: the tenant is in them row by row, or in
        // the document of the batch's scopes, which the rows name by index.
        const documents = params
          .filter((param): param is string => typeof param === 'string' && param.startsWith('[{'))
          .map((param) => JSON.parse(param) as { tenant?: string }[]);
        if (documents.length > 0) {
          const tenants = documents.flatMap((rows) =>
            rows.flatMap((row) => (row.tenant === undefined ? [] : [row.tenant])),
          );
          expect(new Set(tenants)).toEqual(new Set([tenant]));
        } else expect(params).toContain(tenant);
        continue;
      }
      if (/"memory_versions"\."tenant" <> \$\d+/.test(query)) {
        // The restore's id probe: ids are unique store-wide, so it asks whether another
        // tenant holds one, answering ids only.
        expect(query).toMatch(/^select distinct "memory_id" from "symfonic"\."memory_versions"/);
        continue;
      }
      const tables = [...query.matchAll(/(?:from|join|update)\s+"symfonic"\."(\w+)"/g)].map(
        (match) => match[1],
      );
      expect(tables.length, query).toBeGreaterThan(0);
      const predicates = [...query.matchAll(/"(\w+)"\."tenant" = \$(\d+)/g)]
        .filter((match) => params[Number(match[2]) - 1] === tenant)
        .map((match) => match[1]);
      for (const table of new Set(tables)) {
        const references = tables.filter((name) => name === table).length;
        const guarded = predicates.filter((name) => name === table).length;
        expect(guarded, `every read of ${table} is guarded: ${query}`).toBeGreaterThanOrEqual(
          references,
        );
      }
    }
  });

  it('answers a vector query through the HNSW index of the embedder model', async () => {
    const { store } = await opened;
    const scope = { tenant: 'acme', path: ['user:1'] };
    const cue = 'a puppy';
    const topics = ['tea', 'coffee', 'dog', 'cat', 'paris', 'music', 'car', 'kid', 'trip', 'nut'];
    // The test embedder hashes every word into one of 64 dimensions, so a note's number can
    // land in the dimension of "dog": such a note, not about dogs, ties with the dog notes
    // (cosine 0.5), and which of the tied rows fill the vector list's window depends on the
    // HNSW graph, whose levels pgvector draws at random. Notes whose only link to the cue is
    // such a collision are left out, so the nearest rows are dog notes on every graph.
    const [cueVector] = await embedder.embed([cue]);
    const candidates = Array.from(
      { length: 1_200 },
      (_, index) =>
        `note ${index} on ${topics[index % topics.length]} and ${topics[(index * 7) % topics.length]}`,
    );
    const vectors = await embedder.embed(candidates);
    const similarity = new Map(
      candidates.map((text, index) => [
        text,
        cosineSimilarity(cueVector ?? new Float32Array(), vectors[index] ?? new Float32Array()),
      ]),
    );
    const texts = candidates
      .filter((text) => / dog/.test(text) || similarity.get(text) === 0)
      .slice(0, 1_000);
    expect(texts).toHaveLength(1_000);
    const ops = texts.map((text) => ({ op: 'add' as const, text }));
    for (let start = 0; start < ops.length; start += Limits.opsPerApply) {
      const batch = ops.slice(start, start + Limits.opsPerApply);
      await store.apply(scope, batch, provenance);
      await store.apply({ tenant: 'acme', path: ['user:2'] }, batch, provenance);
    }
    const database = await client;
    const statements = await statementsOf(() => store.retrieve({ scope, cue, limit: 5 }));
    const ranking = statements.find((statement) => statement.query.includes('semantic_nearest'));
    expect(ranking).toBeDefined();
    const plan = await database.transaction(async (transaction) => {
      await transaction.exec('set local hnsw.iterative_scan = strict_order');
      const explained = await transaction.query<{ 'QUERY PLAN': string }>(
        `explain ${ranking?.query}`,
        ranking?.params,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(
      /Index Scan using memory_embeddings_hnsw_[0-9a-f]{16} on memory_embeddings/,
    );
    expect(plan).toMatch(/Order By: \(\(embedding\)::vector\(64\) <=>/);
    // No memory holds "puppy": whatever comes back was found by the vector list alone, and it
    // is among the exact nearest: no row left out is nearer than the fifth one returned.
    const result = await store.retrieve({ scope, cue, limit: 5 });
    expect(result.degradations).toEqual([]);
    expect(result.memories).toHaveLength(5);
    const exact = texts.map((text) => similarity.get(text) ?? 0).sort((a, b) => b - a);
    for (const memory of result.memories) {
      expect(memory.record.scope).toEqual(scope);
      expect(memory.record.text).toMatch(/ dog/);
      expect(memory.similarity ?? 0).toBeCloseTo(similarity.get(memory.record.text) ?? -1, 5);
      expect(memory.similarity ?? 0).toBeGreaterThanOrEqual((exact[4] ?? 1) - 1e-6);
    }
  });

  it('creates one HNSW index per model and dimension, whatever the model is called', async () => {
    const { db } = await opened;
    const quirky = createTestEmbedder({ dimensions: 8 });
    const renamed = { ...quirky, model: "it's a \\ model", embed: quirky.embed };
    const store = await createDrizzleStore({ db, embedder: renamed });
    const scope = { tenant: 'acme', path: [] };
    const { applied } = await store.apply(
      scope,
      [{ op: 'add', text: 'Owns a kitten' }],
      provenance,
    );
    const found = await store.retrieve({ scope, cue: 'a cat', limit: 1 });
    expect(found.degradations).toEqual([]);
    expect(found.memories.map((memory) => memory.record.id)).toEqual([applied[0]?.record.id]);
    const indexes = await (await client).query<{ indexdef: string }>(
      "select indexdef from pg_indexes where schemaname = 'symfonic' and indexdef like '%hnsw%' order by indexname",
    );
    expect(indexes.rows).toHaveLength(2);
    expect(indexes.rows.map((row) => row.indexdef).join('\n')).toContain('vector(8)');
    await store.close();
  });

  it('throws ScopeViolation, never filtering, when a row the SQL admitted is not visible', async () => {
    const { store, db } = await opened;
    const asking = { tenant: 'acme', path: ['user:1'] };
    const { applied } = await store.apply(
      { tenant: 'acme', path: [] },
      [{ op: 'add', text: 'A lighthouse on the cliff' }],
      provenance,
    );
    // Corrupt the row: its placement still says the tenant root, its path a sibling branch.
    await db
      .update(memories)
      .set({ path: ['user:2'] })
      .where(eq(memories.id, applied[0]?.record.id ?? ''));
    for (const call of [
      store.retrieve({ scope: asking, cue: 'lighthouse', limit: 5 }),
      store.scanCandidates({ scope: asking, cue: 'lighthouse', limit: 5 }),
      store.get(asking, applied[0]?.record.id ?? ''),
      store.list(asking),
    ]) {
      await expect(call).rejects.toSatisfy(ScopeViolation.isInstance);
    }
  });

  it('says so when more rows match the cue than its window ranks', async () => {
    const { store } = await opened;
    const scope = { tenant: 'acme', path: [] };
    await store.apply(
      scope,
      Array.from({ length: 60 }, (_, index) => ({ op: 'add', text: `harbor log ${index}` })),
      provenance,
    );
    const result = await store.retrieve({ scope, cue: 'harbor', limit: 2 });
    expect(result.memories).toHaveLength(2);
    expect(result.degradations.map((row) => row.code)).toEqual([DegradationCode.scanBudgetSpent]);
    expect(result.degradations[0]?.detail).toContain('50');
    const scanned = await store.scanCandidates({ scope, cue: 'harbor', limit: 2 });
    expect(scanned.memories).toHaveLength(60);
    expect(scanned.degradations).toEqual([]);
  });

  it('ranks a rare word first even when the cue also holds a word most memories have', async () => {
    // Lexical only: the test embedder's hashed dimensions could make a numbered note a near neighbour.
    const store = await createDrizzleStore({ db: (await opened).db });
    const scope = { tenant: 'acme', path: [] };
    const common = Array.from({ length: frequencyCap + 50 }, (_, index) => ({
      op: 'add',
      text: `harbor note ${index}`,
    }));
    await store.apply(scope, common, provenance);
    const [rare] = (
      await store.apply(scope, [{ op: 'add', text: 'a theremin by the window' }], provenance)
    ).applied;
    const mixed = await store.retrieve({ scope, cue: 'harbor theremin', limit: 3 });
    expect(mixed.memories[0]?.record.id).toBe(rare?.record.id);
    expect(mixed.memories[1]?.record.text).toMatch(/^harbor note/);
    const onlyCommon = await store.retrieve({ scope, cue: 'harbor', limit: 3 });
    expect(onlyCommon.memories).toHaveLength(3);
    expect(onlyCommon.degradations.map((row) => row.code)).toEqual([
      DegradationCode.noEmbedder,
      DegradationCode.commonTermsSkipped,
    ]);
    expect(onlyCommon.degradations[1]?.detail).toContain(`${frequencyCap} memories or more`);
    await store.close();
  });

  it('reads a cue full of full-text query syntax as words', async () => {
    const { store } = await opened;
    const scope = { tenant: 'acme', path: [] };
    await store.apply(
      scope,
      [{ op: 'add', text: "O'Brien's back\\slash & pipe | note" }],
      provenance,
    );
    for (const cue of ["O'Brien's", 'back\\slash', '& | ! ( ) :* <->', "'' \\ ''", 'a\u0000b']) {
      const result = await store.retrieve({ scope, cue, limit: 3 });
      expect(result.degradations).toEqual([]);
    }
    const found = await store.retrieve({ scope, cue: "o'brien", limit: 3 });
    expect(found.memories).toHaveLength(1);
  });

  it('refuses text PostgreSQL cannot keep exactly, instead of storing it altered', async () => {
    const { store } = await opened;
    const scope = { tenant: 'acme', path: [] };
    const result = await store.apply(
      scope,
      [
        { op: 'add', text: 'nul \u0000 inside' },
        { op: 'add', text: 'lone \uD83D surrogate' },
        { op: 'add', text: 'fine', metadata: { 'key\u0000': 1 } },
        { op: 'add', text: '\uFEFFbyte-order mark first' },
        { op: 'add', text: 'kept 🙂 and \uFEFF inside' },
      ],
      provenance,
    );
    expect(result.rejected.map((row) => [row.index, row.code])).toEqual([
      [0, RejectionCode.invalidOp],
      [1, RejectionCode.invalidOp],
      [2, RejectionCode.invalidOp],
      [3, RejectionCode.invalidOp],
    ]);
    expect(result.rejected[3]?.reason).toMatch(/U\+FEFF/);
    for (const rejected of result.rejected) expect(rejected.reason).not.toContain('inside');
    expect(result.applied.map((row) => row.record.text)).toEqual(['kept 🙂 and \uFEFF inside']);
    const [kept] = result.applied;
    expect((await store.get(scope, kept?.record.id ?? ''))?.text).toBe('kept 🙂 and \uFEFF inside');
    const turn = { turnId: 't', speaker: '', text: 'a\u0000b', turn: 0 };
    await expect(store.append(scope, turn)).rejects.toSatisfy(InvalidMemoryInput.isInstance);
    const marked = { turnId: 'm', speaker: '\uFEFFuser', text: 'hello', turn: 1 };
    await expect(store.append(scope, marked)).rejects.toSatisfy(InvalidMemoryInput.isInstance);
    await expect(store.apply(scope, [], { writer: '\uDC00' })).rejects.toSatisfy(
      InvalidMemoryInput.isInstance,
    );
  });

  it('keeps one vector per memory and model, replaced on update and gone with the memory', async () => {
    const { store } = await opened;
    const scope = { tenant: 'acme', path: [] };
    const [added] = (await store.apply(scope, [{ op: 'add', text: 'Owns a cat' }], provenance))
      .applied;
    const id = added?.record.id ?? '';
    const vectors = async () => {
      const database = await client;
      const found = await database.query<{ memory_id: string; embedding: number[] }>(
        'select memory_id, embedding from symfonic.memory_embeddings',
      );
      return found.rows;
    };
    const before = await vectors();
    expect(before).toHaveLength(1);
    await store.apply(scope, [{ op: 'update', id, text: 'Owns a dog' }], provenance);
    const after = await vectors();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toEqual(before[0]);
    await store.apply(scope, [{ op: 'delete', id }], provenance);
    expect(await vectors()).toHaveLength(0);
  });
});
