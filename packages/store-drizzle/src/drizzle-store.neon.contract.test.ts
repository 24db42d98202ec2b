import { describeMemoryStoreContract } from '@symfonic/store-contract';
import { configureNeonForProxy, startWebSocketProxy } from '@symfonic/test-support/neon-proxy';
import { serverHasPgvector, testDatabase } from '@symfonic/test-support/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openNeonStore } from './drivers/open-neon-store.js';
import { describeSkippedWithoutDatabase } from './testing/node-postgres-contract.js';
import { serverStoreHarness } from './testing/server-store-harness.js';

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
      return serverStoreHarness(store, url);
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
  describeSkippedWithoutDatabase(suite);
}
