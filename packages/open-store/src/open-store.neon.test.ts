import { configureNeonForProxy, startWebSocketProxy } from '@symfonic/test-support/neon-proxy';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './open-store.js';

const suite = 'openStore on Neon’s serverless driver (through a local WebSocket proxy)';
const url = await testDatabase('symfonic_open_store_neon');
if (!url) console.log(skippedWithoutDatabase(suite));

describe.runIf(url)(suite, async () => {
  const proxy = await startWebSocketProxy();
  configureNeonForProxy(proxy.port);
  afterAll(() => proxy.close());

  it('opens a URL with neon: true through Neon’s driver, reaching PostgreSQL only through the proxy', async () => {
    const before = proxy.tunnelsOpened;
    const opened = await openStore(url as string, { neon: true });
    try {
      expect(opened.kind).toBe('neon');
      expect(opened.where).toMatch(/^Neon at 127\.0\.0\.1:5432\/symfonic_open_store_neon/);
      const scope = { tenant: 'acme', path: ['user:42'] };
      await opened.store.apply(scope, [{ op: 'add', text: 'Lives in Lyon' }], {
        writer: 'open-store-test',
      });
      expect((await opened.store.list(scope)).records.map((record) => record.text)).toEqual([
        'Lives in Lyon',
      ]);
      expect(proxy.tunnelsOpened).toBeGreaterThan(before);
    } finally {
      await opened.close();
    }
  });
});
