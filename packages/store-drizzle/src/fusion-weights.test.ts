import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { DegradationCode, type EmbeddingProvider, InvalidMemoryInput } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDrizzleStore, type DrizzleStoreOptions } from './create-drizzle-store.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';

// One PGlite with pgvector for the file: a cold start takes seconds.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

const statements: string[] = [];
const database = client.then((pglite) =>
  drizzle({ client: pglite, logger: { logQuery: (query) => statements.push(query) } }),
);
const scope = { tenant: 'acme', path: ['user:1'] };
const provenance = { writer: 'fusion-test' };

// Opening a store migrates the database; the tests then open their own on the same one.
const migrated = database.then((db) => createDrizzleStore({ db }));

beforeEach(async () => {
  await migrated;
  await eraseStoreTables(await database);
});

async function storeWith(options: Omit<DrizzleStoreOptions, 'db'>) {
  return createDrizzleStore({ db: await database, ...options });
}

describe('fusionWeights', () => {
  it('ranks by vectors alone with a zero lexical weight, running no full-text statement', async () => {
    const store = await storeWith({
      embedder: createTestEmbedder(),
      fusionWeights: { lexical: 0 },
    });
    const { applied } = await store.apply(
      scope,
      [
        { op: 'add', text: 'Her puppy is a labrador' },
        { op: 'add', text: 'Bakes sourdough bread' },
      ],
      provenance,
    );
    statements.length = 0;
    // "dog" is no word of any memory: only the vector ranking can find the puppy.
    const result = await store.retrieve({ scope, cue: 'dog', limit: 5 });
    expect(result.memories[0]?.record.id).toBe(applied[0]?.record.id);
    expect(result.memories[0]?.relevance).toBe(1);
    expect(result.degradations).toEqual([]);
    expect(statements.filter((statement) => statement.includes('tsvector'))).toEqual([]);
  });

  it('falls back to full text, saying so, when a vector-only store cannot embed the cue', async () => {
    const embedder = createTestEmbedder();
    const store = await storeWith({ embedder, fusionWeights: { lexical: 0 } });
    await store.apply(scope, [{ op: 'add', text: 'Bakes sourdough bread' }], provenance);
    embedder.setAvailable(false);
    const result = await store.retrieve({ scope, cue: 'sourdough', limit: 5 });
    expect(result.memories.map((memory) => memory.record.text)).toEqual(['Bakes sourdough bread']);
    expect(result.degradations.map((degradation) => degradation.code)).toEqual([
      DegradationCode.embeddingFailed,
    ]);
  });

  it('ranks by full text alone, without embedding the cue, with a zero vector weight', async () => {
    const embedder = createTestEmbedder();
    const store = await storeWith({ embedder, fusionWeights: { vector: 0 } });
    await store.apply(
      scope,
      [
        { op: 'add', text: 'Her puppy is a labrador' },
        { op: 'add', text: 'Owns a dog' },
      ],
      provenance,
    );
    const callsAfterWrite = embedder.calls;
    const result = await store.retrieve({ scope, cue: 'dog', limit: 5 });
    expect(result.memories.map((memory) => memory.record.text)).toEqual(['Owns a dog']);
    expect(embedder.calls).toBe(callsAfterWrite);
    expect(result.degradations).toEqual([]);
  });

  it('lets the heavier ranking decide the order when the two disagree', async () => {
    // Words find only the pie; the vectors (fixed by hand) put the bread first and the pie last.
    const vectors: Record<string, [number, number]> = {
      'apple pie recipe': [0, -1],
      'banana bread': [1, 0],
      'cherry tart': [0.8, -0.2],
      'plum cake': [0.5, -0.5],
      apple: [1, 0.1],
    };
    const embedder: EmbeddingProvider = {
      model: 'fixed-by-hand',
      dimensions: 2,
      embed: async (texts) => texts.map((text) => Float32Array.from(vectors[text] ?? [0, 1])),
    };
    const firstWith = async (fusionWeights: { lexical: number; vector: number }) => {
      await eraseStoreTables(await database);
      const store = await storeWith({ embedder, fusionWeights });
      await store.apply(
        scope,
        ['apple pie recipe', 'banana bread', 'cherry tart', 'plum cake'].map((text) => ({
          op: 'add' as const,
          text,
        })),
        provenance,
      );
      const result = await store.retrieve({ scope, cue: 'apple', limit: 5 });
      return result.memories[0]?.record.text;
    };
    expect(await firstWith({ lexical: 10, vector: 1 })).toBe('apple pie recipe');
    expect(await firstWith({ lexical: 1, vector: 10 })).toBe('banana bread');
  });

  it('refuses fusion weights that cannot rank, before touching the database', async () => {
    const embedder = createTestEmbedder();
    for (const fusionWeights of [
      { lexical: -1 },
      { vector: Number.NaN },
      { lexical: 0, vector: 0 },
    ]) {
      await expect(storeWith({ embedder, fusionWeights })).rejects.toThrow(InvalidMemoryInput);
    }
    await expect(storeWith({ fusionWeights: { lexical: 0 } })).rejects.toThrow(InvalidMemoryInput);
  });
});
