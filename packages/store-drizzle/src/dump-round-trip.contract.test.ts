import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { exportScope, importScope } from '@symfonic/dump';
import {
  describeRemapContract,
  describeRoundTripContract,
  type OpenStoreHarness,
  type RemapScope,
  type TransferScope,
} from '@symfonic/store-contract';
import { createInMemoryStore } from '@symfonic/store-memory';
import { configureNeonForProxy, startWebSocketProxy } from '@symfonic/test-support/neon-proxy';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, expect } from 'vitest';
import { createDrizzleStore } from './create-drizzle-store.js';
import { openNeonStore } from './drivers/open-neon-store.js';
import { openNodePostgresStore } from './drivers/open-node-postgres-store.js';
import { eraseStoreTables } from './testing/erase-store-tables.js';
import { serverStoreHarness } from './testing/server-store-harness.js';

const client = PGlite.create({ extensions: { vector } });
afterAll(async () => (await client).close());

const stores: Record<string, OpenStoreHarness> = {
  'in-memory': async ({ embedder }) => {
    let store = createInMemoryStore({ embedder });
    return {
      get store() {
        return store;
      },
      reset: async () => {
        await store.close();
        store = createInMemoryStore({ embedder });
      },
      close: () => store.close(),
    };
  },
  PGlite: async ({ embedder }) => {
    const db = drizzle({ client: await client });
    const store = await createDrizzleStore({ db, embedder });
    return { store, reset: () => eraseStoreTables(db), close: () => store.close() };
  },
};

const postgresUrl = await testDatabase('symfonic_dump_node_postgres');
const neonUrl = await testDatabase('symfonic_dump_neon');
if (postgresUrl && neonUrl) {
  const proxy = await startWebSocketProxy();
  configureNeonForProxy(proxy.port);
  afterAll(() => proxy.close());
  stores.PostgreSQL = async ({ embedder }) =>
    serverStoreHarness(
      await openNodePostgresStore({ connectionString: postgresUrl, embedder }),
      postgresUrl,
    );
  stores.Neon = async ({ embedder }) =>
    serverStoreHarness(await openNeonStore({ connectionString: neonUrl, embedder }), neonUrl);
} else {
  console.log(skippedWithoutDatabase('the dump round trip with PostgreSQL and Neon'));
}

/**
 * A dump of `scope` from `source`, line by line, imported into `target`:
 * every line accounted for, and the target's own dump the same, byte for
 * byte (the header's time is the data's).
 */
const transfer: TransferScope = async (source, target, scope) => {
  const lines: string[] = [];
  for await (const line of exportScope(source, scope)) lines.push(line);
  const report = await importScope(target, lines);
  expect(report.refused).toEqual([]);
  expect(report.complete).toBe(true);
  const memories = lines.filter((line) => line.startsWith('{"kind":"memory"')).length;
  expect(report.imported.memories + report.present.memories).toBe(memories);
  const again: string[] = [];
  for await (const line of exportScope(target, scope)) again.push(line);
  expect(again.join('\n')).toBe(lines.join('\n'));
};

/** A dump of `from` imported into the same store with a remap to `to`: nothing refused. */
const remap: RemapScope = async (store, from, to) => {
  const lines: string[] = [];
  for await (const line of exportScope(store, from)) lines.push(line);
  const report = await importScope(store, lines, { into: to, remap: { from, to } });
  expect(report.refused).toEqual([]);
  expect(report.complete).toBe(true);
  return {
    imported: report.imported.memories + report.imported.turns,
    present: report.present.memories + report.present.turns,
  };
};

describeRoundTripContract(stores, transfer);
describeRemapContract(stores, remap);
