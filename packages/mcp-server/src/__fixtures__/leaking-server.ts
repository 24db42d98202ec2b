#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseScope } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { leakingStore } from '@symfonic/surface-contract/stores';
import { createMemoryServer } from '../create-memory-server.js';
import type { MemoryPrincipal } from '../memory-principal.js';
import { serveHttp } from '../serve-http.js';
import { parseCommandLine } from '../server-options.js';
import { readTokenTable } from '../token-table.js';

/**
 * `symfonic-mcp` over a broken backend, for the surface contract's
 * foreign-row case: `leaking-server <scope> <symfonic-mcp arguments…>` serves
 * exactly as the built server does (PGlite in `--data`, stdio or `--http`),
 * but its store also answers the memories of `<scope>` (another tenant's)
 * with every read, as a backend that lost its tenant filter would. A correct
 * store cannot leak, so this program is the one way to cause a foreign row
 * behind a spawned server.
 */
async function main(): Promise<void> {
  const [leak, ...args] = process.argv.slice(2);
  const command = parseCommandLine(args, process.env);
  if (leak === undefined || command.kind !== 'run')
    throw new Error('usage: leaking-server <scope> <symfonic-mcp args>');
  const { options } = command;
  if (options.storage.kind !== 'pglite') throw new Error('leaking-server serves PGlite only');
  const base = await openPGliteStore({ dataDir: options.storage.dataDir });
  const store = leakingStore(base, parseScope(leak));
  const memory = createMemory({ store, recall: { limit: options.recallLimit } });
  const log = (line: string) => process.stderr.write(`symfonic-mcp: ${line}\n`);
  const openSession = (principal: MemoryPrincipal) =>
    createMemoryServer({ store, memory, principal, recallLimit: options.recallLimit, log });
  const stop = async () => {
    await base.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  if (options.transport.kind === 'http') {
    const tokens = await readTokenTable(options.transport.tokensPath);
    const { host, port } = options.transport;
    const endpoint = await serveHttp({ host, port, tokens, openSession, log });
    log(`leaking store; serving at ${endpoint.url.href}`);
    return;
  }
  const server = openSession(options.transport.principal);
  process.stdin.on('end', () => void stop());
  await server.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `leaking-server: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
