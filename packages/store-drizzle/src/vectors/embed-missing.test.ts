import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  DegradationCode,
  type EmbeddingProvider,
  InvalidMemoryInput,
  MemoryUnavailable,
  type RetrievalResult,
} from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import type { DrizzleMemoryStore } from '../drizzle-memory-store.js';
import { resultRows } from '../rows/result-rows.js';
import { eraseStoreTables } from '../testing/erase-store-tables.js';
import type { EmbedMissingProgress } from './embed-missing.js';
import { StoreWithoutVectors } from './store-without-vectors.js';

// One PGlite with pgvector for the file: a cold start takes seconds.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());
const db = drizzle({ client: await client });

const scope = { tenant: 'acme', path: ['user:1'] };
const provenance = { writer: 'embed-missing-test' };
const embedder = createTestEmbedder();
/** The same vectors under another model's name: a store "switched" from it keeps none of them. */
const otherModel: EmbeddingProvider = {
  model: 'another-model',
  dimensions: embedder.dimensions,
  embed: (texts) => embedder.embed(texts),
};

/** A store over the file's database, with `embedding` (or none). */
function storeWith(embedding?: EmbeddingProvider): Promise<DrizzleMemoryStore> {
  return createDrizzleStore({ db, ...(embedding ? { embedder: embedding } : {}) });
}

/** Vectors of `model` per memory id, each value as the `real` it is stored as. */
async function vectorsOf(model: string): Promise<Map<string, number[]>> {
  const rows = resultRows<{ memory_id: string; embedding: number[] }>(
    await db.execute(
      sql`select memory_id, embedding from symfonic.memory_embeddings where model = ${model}`,
    ),
  );
  return new Map(rows.map((row) => [row.memory_id, row.embedding.map(Math.fround)]));
}

function incomplete(result: RetrievalResult) {
  return result.degradations.find(
    (degradation) => degradation.code === DegradationCode.vectorsIncomplete,
  );
}

/** Add `texts` at `where` through `store`, answering their ids in order. */
async function add(
  store: DrizzleMemoryStore,
  texts: readonly string[],
  where = scope,
  layer: 'episodic' | 'semantic' = 'semantic',
): Promise<string[]> {
  const result = await store.apply(
    where,
    texts.map((text) => ({ op: 'add', text, layer })),
    provenance,
  );
  expect(result.rejected).toEqual([]);
  return result.applied.map((applied) => applied.record.id);
}

const notes = [
  'Allergic to peanuts',
  'Works as a nurse on night shifts',
  'Has two children',
  'Plays the cello on Sundays',
  'Drinks oolong in the afternoon',
  'Reads Portuguese novels',
  'Grows tomatoes on the balcony',
];

// Migrates the database once, so the tables exist before the first erase.
await storeWith();
beforeEach(() => eraseStoreTables(db));

describe('DrizzleMemoryStore on a database whose memories lack vectors of its model', () => {
  it('reports them, embeds them in batches with progress, and then ranks them by vectors', async () => {
    const plain = await storeWith();
    const switched = await storeWith(otherModel);
    await add(plain, notes.slice(0, 4));
    await add(switched, notes.slice(4, 6));
    await add(plain, [notes[6] as string], scope, 'episodic');
    await add(plain, ['Allergic to shellfish'], { tenant: 'globex', path: ['user:1'] });
    const store = await storeWith(embedder);
    const cue = { scope, cue: 'nuts cause a reaction', limit: 5 };

    const before = await store.retrieve(cue);
    expect(before.memories).toEqual([]);
    const reported = incomplete(before);
    expect(reported?.detail).toMatch(/^7 of the memories visible to this query have no vector/);
    expect(reported?.detail).not.toMatch(/peanut|cello/i);
    const semanticOnly = await store.retrieve({ ...cue, layers: ['semantic'] });
    expect(incomplete(semanticOnly)?.detail).toMatch(/^6 of/);

    const progress: EmbedMissingProgress[] = [];
    const result = await store.embedMissing({
      batchSize: 3,
      onProgress: (step) => progress.push(step),
    });
    expect(result).toEqual({ embedded: 8 });
    expect(progress).toEqual([
      { embedded: 3, remaining: 5 },
      { embedded: 6, remaining: 2 },
      { embedded: 8, remaining: 0 },
    ]);

    const after = await store.retrieve(cue);
    expect(incomplete(after)).toBeUndefined();
    expect(after.degradations).toEqual([]);
    expect(after.memories.map((memory) => memory.record.text)).toContain('Allergic to peanuts');
    const [peanuts] = await embedder.embed(['Allergic to peanuts']);
    const stored = [...(await vectorsOf(embedder.model)).values()];
    expect(stored).toHaveLength(8);
    expect(stored).toContainEqual(Array.from(peanuts as Float32Array));
    expect(await store.embedMissing()).toEqual({ embedded: 0 });
  });

  it('stops on abort after a committed batch and resumes where the vectors end', async () => {
    await add(await storeWith(), notes);
    const store = await storeWith(embedder);
    const controller = new AbortController();
    const reason = new Error('stopped by the caller');
    const stopped = await store
      .embedMissing({
        batchSize: 2,
        signal: controller.signal,
        onProgress: () => controller.abort(reason),
      })
      .catch((error) => error);
    expect(stopped).toBe(reason);
    expect((await vectorsOf(embedder.model)).size).toBe(2);
    const progress: EmbedMissingProgress[] = [];
    const resumed = await store.embedMissing({
      batchSize: 2,
      onProgress: (step) => progress.push(step),
    });
    expect(resumed).toEqual({ embedded: 5 });
    expect(progress[0]).toEqual({ embedded: 2, remaining: 3 });
    expect((await vectorsOf(embedder.model)).size).toBe(7);
  });

  it('lets a timer abort it: each batch gives the event loop a turn', async () => {
    await add(await storeWith(), notes);
    const store = await storeWith(embedder);
    const controller = new AbortController();
    const reason = new Error('stopped by a timer');
    // Queued before the run starts: it fires at the run's first turn of the event loop,
    // which a run that never leaves the microtask queue (PGlite's) would not give it.
    setTimeout(() => controller.abort(reason), 0);
    const stopped = await store
      .embedMissing({ batchSize: 2, signal: controller.signal })
      .catch((error) => error);
    expect(stopped).toBe(reason);
    expect((await vectorsOf(embedder.model)).size).toBe(0);
  });

  it('refuses an aborted signal before embedding anything', async () => {
    await add(await storeWith(), notes.slice(0, 1));
    const counting = createTestEmbedder();
    const store = await storeWith(counting);
    const calls = counting.calls;
    const stopped = await store
      .embedMissing({ signal: AbortSignal.abort(new Error('never started')) })
      .catch((error) => error);
    expect((stopped as Error).message).toBe('never started');
    expect(counting.calls).toBe(calls);
  });

  it('writes nothing of a batch whose embedding failed, and says so with MemoryUnavailable', async () => {
    await add(await storeWith(), notes.slice(0, 5));
    const flaky = createTestEmbedder();
    const store = await storeWith(flaky);
    const failure = await store
      .embedMissing({ batchSize: 2, onProgress: () => flaky.setAvailable(false) })
      .catch((error) => error);
    expect(MemoryUnavailable.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe('the test embedder is simulating an outage');
    expect((await vectorsOf(flaky.model)).size).toBe(2);
    flaky.setAvailable(true);
    expect(await store.embedMissing()).toEqual({ embedded: 3 });
  });

  it('never writes the vector of a text the memory no longer holds', async () => {
    const plain = await storeWith();
    const [changing] = await add(plain, ['Lives in Lisbon', 'Likes espresso']);
    let updated = false;
    /** Embeds, and the first time changes a memory's text between the read and the write. */
    const racing: EmbeddingProvider = {
      model: embedder.model,
      dimensions: embedder.dimensions,
      async embed(texts) {
        const vectors = await embedder.embed(texts);
        if (!updated) {
          updated = true;
          const moved = await plain.apply(
            scope,
            [{ op: 'update', id: changing as string, text: 'Lives in Tokyo with a dog' }],
            provenance,
          );
          expect(moved.applied).toHaveLength(1);
        }
        return vectors;
      },
    };
    const store = await storeWith(racing);
    expect(await store.embedMissing({ batchSize: 10 })).toEqual({ embedded: 2 });
    const [tokyo] = await embedder.embed(['Lives in Tokyo with a dog']);
    expect((await vectorsOf(embedder.model)).get(changing as string)).toEqual(
      Array.from(tokyo as Float32Array),
    );
  });

  it('drops the vectors of other models when a memory’s text changes, so the change is reported', async () => {
    const store = await storeWith(embedder);
    const [id] = await add(store, ['Has a labrador']);
    const plain = await storeWith();
    await plain.apply(
      scope,
      [{ op: 'update', id: id as string, text: 'Has a kitten' }],
      provenance,
    );
    expect((await vectorsOf(embedder.model)).size).toBe(0);
    const result = await store.retrieve({ scope, cue: 'cats', limit: 5 });
    expect(incomplete(result)?.detail).toMatch(/^1 of/);
    expect(await store.embedMissing()).toEqual({ embedded: 1 });
    const [kitten] = await embedder.embed(['Has a kitten']);
    expect((await vectorsOf(embedder.model)).get(id as string)).toEqual(
      Array.from(kitten as Float32Array),
    );
  });

  it('counts a memory as embedded once an update by the store wrote its vector', async () => {
    const [id] = await add(await storeWith(), ['Speaks Portuguese']);
    const store = await storeWith(embedder);
    const cue = { scope, cue: 'languages', limit: 5 };
    expect(incomplete(await store.retrieve(cue))?.detail).toMatch(/^1 of/);
    await store.apply(
      scope,
      [{ op: 'update', id: id as string, text: 'Speaks Portuguese', salience: 0.9 }],
      provenance,
    );
    expect(incomplete(await store.retrieve(cue))).toBeUndefined();
    expect(await store.embedMissing()).toEqual({ embedded: 0 });
  });

  it('lets concurrent runs share the work without duplicate vectors', async () => {
    const many = Array.from({ length: 40 }, (_, index) => `Note number ${index} about the garden`);
    await add(await storeWith(), many);
    const first = await storeWith(embedder);
    const second = await storeWith(embedder);
    const [one, two] = await Promise.all([
      first.embedMissing({ batchSize: 3 }),
      second.embedMissing({ batchSize: 4 }),
    ]);
    expect((one?.embedded ?? 0) + (two?.embedded ?? 0)).toBe(40);
    const [counted] = resultRows<{ rows: number | string; memories: number | string }>(
      await db.execute(
        sql`select count(*) as rows, count(distinct memory_id) as memories from symfonic.memory_embeddings`,
      ),
    );
    expect(Number(counted?.rows)).toBe(40);
    expect(Number(counted?.memories)).toBe(40);
  });

  it('refuses to run without an embedder, or with malformed options', async () => {
    const plain = await storeWith();
    const refused = await plain.embedMissing().catch((error) => error);
    expect(StoreWithoutVectors.isInstance(refused)).toBe(true);
    expect((refused as StoreWithoutVectors).missing).toBe(DegradationCode.noEmbedder);
    const store = await storeWith(embedder);
    for (const options of [{ batchSize: 0 }, { batchSize: 1.5 }, { onProgress: 'yes' }]) {
      const failure = await store.embedMissing(options as never).catch((error) => error);
      expect(InvalidMemoryInput.isInstance(failure)).toBe(true);
    }
  });
});
