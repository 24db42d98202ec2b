#!/usr/bin/env node
import { createRequire } from 'node:module';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { bearerVerifier } from './bearer-verifier.js';
import { createMemoryServer } from './create-memory-server.js';
import { helpText } from './help-text.js';
import { JwtTokenVerifier } from './jwt-token-verifier.js';
import type { MemoryPrincipal } from './memory-principal.js';
import type { MemoryRefs } from './memory-refs.js';
import { openServerStore } from './open-server-store.js';
import { serveHttp } from './serve-http.js';
import { parseCommandLine } from './server-options.js';
import { StartupFailure } from './startup-failure.js';
import { readTokenFile, StaticTokenVerifier } from './static-token-verifier.js';

const log = (line: string) => process.stderr.write(`symfonic-mcp: ${line}\n`);

/** Run until the client or a signal stops the server; every start failure is one line on stderr. */
async function main(): Promise<void> {
  const command = parseCommandLine(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    process.stdout.write(helpText);
    return;
  }
  if (command.kind === 'version') {
    const { version } = createRequire(import.meta.url)('../package.json') as { version: string };
    process.stdout.write(`${version}\n`);
    return;
  }
  const { options } = command;
  if (options.transport.kind === 'stdio') {
    // Stdout is the protocol: a dependency logging with console.log (while the store opens,
    // or later) would corrupt it.
    for (const method of ['log', 'info', 'debug'] as const) {
      console[method] = (...values: unknown[]) => console.error(...values);
    }
  }
  const tokenFile =
    options.transport.kind === 'http' && options.transport.tokensPath !== undefined
      ? await readTokenFile(options.transport.tokensPath)
      : undefined;
  const embedder = options.embedder === 'local' ? createLocalEmbedder() : undefined;
  const opened = await openServerStore(options.storage, embedder);
  const memory = createMemory({
    store: opened.store,
    ...(embedder === undefined ? {} : { embedder }),
    recall: { limit: options.recallLimit },
  });
  const openServer = (
    principal: MemoryPrincipal,
    refs?: (clientName: () => string) => MemoryRefs,
  ) =>
    createMemoryServer({
      store: opened.store,
      memory,
      principal,
      recallLimit: options.recallLimit,
      allowForgetAll: options.allowForgetAll,
      log,
      ...(refs === undefined ? {} : { refs }),
    });

  let stopping = false;
  let stopServing: () => Promise<void> = async () => undefined;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopServing().catch((error: unknown) => log(`stopping: ${String(error)}`));
    await opened.close().catch((error: unknown) => log(`closing the store: ${String(error)}`));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  if (options.transport.kind === 'http') {
    const { host, port, jwt, resourceUrl, limits } = options.transport;
    let tokenCount = 0;
    const endpoint = await serveHttp({
      host,
      port,
      ...(resourceUrl === undefined ? {} : { resourceUrl }),
      ...(jwt === undefined ? {} : { authorizationServers: [jwt.issuer] }),
      limits,
      openServer,
      log,
      async verifier(resource) {
        const tokens =
          tokenFile === undefined ? undefined : new StaticTokenVerifier(tokenFile.tokens, resource);
        tokenCount = tokens?.size ?? 0;
        return bearerVerifier({
          ...(tokens === undefined ? {} : { tokens }),
          ...(jwt === undefined ? {} : { jwt: await JwtTokenVerifier.open(jwt, resource) }),
        });
      },
    }).catch((error: NodeJS.ErrnoException) => {
      if (error instanceof StartupFailure) throw error;
      throw new StartupFailure(
        `--http ${host}:${port}: cannot listen (${error.code ?? error.message})`,
      );
    });
    stopServing = () => endpoint.close();
    const accepts = [
      ...(tokenFile === undefined ? [] : [`${tokenCount} token(s)`]),
      ...(jwt === undefined ? [] : [`JWTs of ${jwt.issuer}`]),
    ].join(' and ');
    log(`memory in ${opened.where}; serving ${accepts} at ${endpoint.url.href}`);
    return;
  }
  const { principal } = options.transport;
  const handle = serveStdio(() => openServer(principal), {
    onerror: (error) => log(`stdio: ${error.message}`),
  });
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  stopServing = () => handle.close();
  log(`memory in ${opened.where}; serving over stdio`);
}

main().catch((error: unknown) => {
  if (error instanceof StartupFailure) {
    log(error.message);
    process.exit(error.exitCode);
  }
  log(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
