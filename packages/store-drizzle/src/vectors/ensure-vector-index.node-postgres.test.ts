import { createTestEmbedder } from '@symfonic/store-contract';
import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openNodePostgresStore } from '../drivers/open-node-postgres-store.js';

const suite = 'ensureVectorIndex on PostgreSQL while other instances write';
const url = await testDatabase('symfonic_drizzle_ensure_index');
const withPgvector = url !== undefined && (await serverHasPgvector(url));
if (!url) console.log(skippedWithoutDatabase(suite));
else if (!withPgvector) console.log(`${suite}: skipped because this server has no pgvector`);

describe.runIf(withPgvector)(suite, () => {
  it('opens without locking a table once the indexes exist, so a writer mid-transaction never waits on it', async () => {
    const connectionString = url as string;
    const embedder = createTestEmbedder();
    const first = await openNodePostgresStore({ connectionString, embedder });
    await first.close();
    // A writer of another instance, mid-transaction: the locks an apply holds while it writes.
    const writer = new pg.Client({ connectionString });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query(
        'lock table symfonic.memories, symfonic.memory_embeddings in row exclusive mode',
      );
      // `create index if not exists` would queue behind the writer (a share lock): the lock
      // timeout turns that wait into a failure instead of a hang.
      const guarded = new URL(connectionString);
      guarded.searchParams.set('options', '-c lock_timeout=5000');
      const second = await openNodePostgresStore({
        connectionString: guarded.toString(),
        embedder,
      });
      expect(second.vectors).toBe(true);
      await second.close();
    } finally {
      await writer.query('rollback');
      await writer.end();
    }
  });
});
