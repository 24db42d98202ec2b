import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { InvalidMemoryInput } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createDrizzleStore } from './create-drizzle-store.js';

// The shared behaviours of fusionWeights are in the store contract; these are the Drizzle store's own.
const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

const statements: string[] = [];
const database = client.then((pglite) =>
  drizzle({ client: pglite, logger: { logQuery: (query) => statements.push(query) } }),
);
const scope = { tenant: 'acme', path: ['user:1'] };

describe('fusionWeights (Drizzle)', () => {
  it('runs no full-text statement with a zero lexical weight, the first vector row at relevance 1', async () => {
    const store = await createDrizzleStore({
      db: await database,
      embedder: createTestEmbedder(),
      fusionWeights: { lexical: 0 },
    });
    await store.apply(scope, [{ op: 'add', text: 'Her puppy is a labrador' }], {
      writer: 'fusion-test',
    });
    statements.length = 0;
    const result = await store.retrieve({ scope, cue: 'dog', limit: 5 });
    expect(result.memories[0]?.record.text).toBe('Her puppy is a labrador');
    expect(result.memories[0]?.relevance).toBe(1);
    expect(statements.filter((statement) => statement.includes('tsvector'))).toEqual([]);
  });

  it('gives memories tied in full-text score distinct places, as the in-memory store does', async () => {
    const store = await createDrizzleStore({ db: await database });
    const tied = { tenant: 'ties', path: ['user:1'] };
    await store.apply(
      tied,
      ['apple pie', 'apple tart', 'apple cake'].map((text) => ({ op: 'add' as const, text })),
      { writer: 'fusion-test' },
    );
    // Each holds "apple" and nothing else of the cue: one score, so salience, then the later update, decide.
    const result = await store.retrieve({ scope: tied, cue: 'apple', limit: 5 });
    expect(result.memories.map(({ relevance }) => relevance)).toEqual([1, 11 / 12, 11 / 13]);
  });

  it('refuses a zero lexical weight without an embedder', async () => {
    await expect(
      createDrizzleStore({ db: await database, fusionWeights: { lexical: 0 } }),
    ).rejects.toThrow(InvalidMemoryInput);
  });
});
