import { DegradationCode } from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import { describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';
import { StoreWithoutVectors } from './store-without-vectors.js';

const suite = 'vectors on a PostgreSQL server without pgvector';
const url = await testDatabase('symfonic_drizzle_embed_missing');
const withoutPgvector = url !== undefined && !(await serverHasPgvector(url));
if (!url) console.log(skippedWithoutDatabase(suite));
else if (!withoutPgvector) console.log(`${suite}: skipped because this server offers pgvector`);

describe.runIf(withoutPgvector)(suite, () => {
  const connectionString = url as string;
  const scope = { tenant: 'acme', path: ['user:1'] };

  it('are absent, not incomplete: retrieval says no-vector-index, and embedMissing refuses', async () => {
    const plain = await openNodePostgresStore({ connectionString });
    await plain.apply(scope, [{ op: 'add', text: 'Allergic to peanuts' }], { writer: 'test' });
    await plain.close();
    const store = await openNodePostgresStore({ connectionString, embedder: createTestEmbedder() });
    try {
      expect(store.vectors).toBe(false);
      const result = await store.retrieve({ scope, cue: 'peanuts', limit: 5 });
      expect(result.memories).toHaveLength(1);
      expect(result.degradations.map((degradation) => degradation.code)).toEqual([
        DegradationCode.noVectorIndex,
      ]);
      const refused = await store.embedMissing().catch((error) => error);
      expect(StoreWithoutVectors.isInstance(refused)).toBe(true);
      expect((refused as StoreWithoutVectors).missing).toBe(DegradationCode.noVectorIndex);
    } finally {
      await store.close();
    }
  });
});
