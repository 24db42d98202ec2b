import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createTestEmbedder } from '@symfonic/store-contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createDrizzleStore } from '../create-drizzle-store.js';
import { resultRows } from '../rows/result-rows.js';
import { hnswSearchBreadth } from './hnsw-search-breadth.js';

const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

describe('hnswSearchBreadth', () => {
  it('is four times the window, between pgvector default 40 and its ceiling 1000', () => {
    expect(hnswSearchBreadth(1)).toBe(40);
    expect(hnswSearchBreadth(10)).toBe(40);
    expect(hnswSearchBreadth(50)).toBe(200);
    expect(hnswSearchBreadth(250)).toBe(1000);
    expect(hnswSearchBreadth(500)).toBe(1000);
  });

  it('is set for the vector search of a retrieval only, and gone after it', async () => {
    const statements: string[] = [];
    const db = drizzle({
      client: await client,
      logger: { logQuery: (query, params) => statements.push(`${query} ${params.join(',')}`) },
    });
    const store = await createDrizzleStore({ db, embedder: createTestEmbedder() });
    const scope = { tenant: 'acme', path: ['user:1'] };
    await store.apply(scope, [{ op: 'add', text: 'Her puppy is a labrador' }], { writer: 'test' });
    statements.length = 0;
    // limit 25: a window of 50 rows per list, so a breadth of 200.
    await store.retrieve({ scope, cue: 'dog', limit: 25 });
    expect(statements.filter((statement) => statement.includes('hnsw.ef_search'))).toEqual([
      expect.stringMatching(
        /^select set_config\('hnsw\.ef_search', \$1, true\), set_config\('hnsw\.iterative_scan', 'strict_order', true\) 200$/,
      ),
    ]);
    const [setting] = resultRows<{ breadth: string }>(
      await db.execute(sql`select current_setting('hnsw.ef_search') as breadth`),
    );
    expect(setting?.breadth).toBe('40');
  });

  it('costs a hybrid retrieval no statement of its own: three, with the unembedded count in the ranking', async () => {
    const statements: string[] = [];
    const db = drizzle({
      client: await client,
      logger: { logQuery: (query) => statements.push(query) },
    });
    const store = await createDrizzleStore({ db, embedder: createTestEmbedder() });
    const scope = { tenant: 'acme', path: ['user:2'] };
    await store.apply(scope, [{ op: 'add', text: 'Her puppy is a labrador' }], { writer: 'test' });
    // The first retrieval plans the scope's vector estimate, which the store then keeps.
    await store.retrieve({ scope, cue: 'dog', limit: 5 });
    statements.length = 0;
    await store.retrieve({ scope, cue: 'puppy', limit: 5 });
    expect(statements).toEqual([
      expect.stringMatching(/^select set_config\('hnsw\.ef_search'/),
      expect.stringMatching(/cue_words/),
      expect.stringMatching(/as unembedded/),
    ]);
  });
});
