import { describeMemoryStoreContract } from '@symfonic/store-contract';
import {
  serverHasPgvector,
  skippedWithoutDatabase,
  testDatabase,
} from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openNeonStore } from './open-neon-store.js';
import { configureNeonForProxy } from './testing/configure-neon-for-proxy.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';
import { startWebSocketProxy } from './testing/start-websocket-proxy.js';

const suite = 'drizzle on Neon serverless (WebSocket pool, through a local proxy)';
const url = await testDatabase('symfonic_drizzle_neon');

if (url) {
  const proxy = await startWebSocketProxy();
  configureNeonForProxy(proxy.port);
  afterAll(() => proxy.close());
  describeMemoryStoreContract(
    suite,
    async ({ embedder, fusionWeights }) => {
      const store = await openNeonStore({
        connectionString: url,
        embedder,
        ...(fusionWeights ? { fusionWeights } : {}),
      });
      const eraser = new pg.Pool({ connectionString: url, max: 1 });
      return {
        store,
        reset: () => eraseStoreTables(drizzle({ client: eraser })),
        close: async () => {
          await store.close();
          await eraser.end();
        },
      };
    },
    { vectors: await serverHasPgvector(url) },
  );
  describe(suite, () => {
    it('reached PostgreSQL only through the WebSocket proxy', async () => {
      const before = proxy.tunnelsOpened;
      const store = await openNeonStore({ connectionString: url });
      try {
        await store.recent({ tenant: 'acme', path: [] }, 1);
        expect(proxy.tunnelsOpened).toBeGreaterThan(before);
      } finally {
        await store.close();
      }
    });
  });
} else {
  console.log(skippedWithoutDatabase(suite));
  describe(suite, () => {
    it.skip('needs DATABASE_URL', () => undefined);
  });
}
