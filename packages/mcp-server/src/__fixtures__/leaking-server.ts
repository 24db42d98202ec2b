#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { parseScope } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { leakingStore } from '@symfonic/surface-contract/stores';
import { bearerVerifier } from '../bearer-verifier.js';
import { createMemoryServer } from '../create-memory-server.js';
import type { MemoryPrincipal } from '../memory-principal.js';
import type { MemoryRefs } from '../memory-refs.js';
import { serveHttp } from '../serve-http.js';
import { parseCommandLine } from '../server-options.js';
import { readTokenFile, StaticTokenVerifier } from '../static-token-verifier.js';

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
  const openServer = (
    principal: MemoryPrincipal,
    refs?: (clientName: () => string) => MemoryRefs,
  ) =>
    createMemoryServer({
      store,
      memory,
      principal,
      recallLimit: options.recallLimit,
      log,
      ...(refs === undefined ? {} : { refs }),
    });
  const stop = async () => {
    await base.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  if (options.transport.kind === 'http') {
    const { host, port, tokensPath, limits } = options.transport;
    if (tokensPath === undefined) throw new Error('leaking-server serves --tokens only');
    const file = await readTokenFile(tokensPath);
    const endpoint = await serveHttp({
      host,
      port,
      limits,
      openServer,
      log,
      verifier: (resource) =>
        bearerVerifier({ tokens: new StaticTokenVerifier(file.tokens, resource) }),
    });
    log(`leaking store; serving at ${endpoint.url.href}`);
    return;
  }
  const { principal } = options.transport;
  process.stdin.on('end', () => void stop());
  serveStdio(() => openServer(principal));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `leaking-server: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
