#!/usr/bin/env node
import { createRequire } from 'node:module';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { createMemoryServer } from './create-memory-server.js';
import { helpText } from './help-text.js';
import type { MemoryPrincipal } from './memory-principal.js';
import { openServerStore } from './open-server-store.js';
import { serveHttp } from './serve-http.js';
import { parseCommandLine } from './server-options.js';
import { StartupFailure } from './startup-failure.js';
import { readTokenTable } from './token-table.js';

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
  const tokens =
    options.transport.kind === 'http'
      ? await readTokenTable(options.transport.tokensPath)
      : undefined;
  const embedder = options.embedder === 'local' ? createLocalEmbedder() : undefined;
  const opened = await openServerStore(options.storage, embedder);
  const memory = createMemory({
    store: opened.store,
    ...(embedder === undefined ? {} : { embedder }),
    recall: { limit: options.recallLimit },
  });
  const openSession = (principal: MemoryPrincipal) =>
    createMemoryServer({
      store: opened.store,
      memory,
      principal,
      recallLimit: options.recallLimit,
      allowForgetAll: options.allowForgetAll,
      log,
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

  if (options.transport.kind === 'http' && tokens) {
    const { host, port } = options.transport;
    const endpoint = await serveHttp({ host, port, tokens, openSession, log }).catch(
      (error: NodeJS.ErrnoException) => {
        throw new StartupFailure(
          `--http ${host}:${port}: cannot listen (${error.code ?? error.message})`,
        );
      },
    );
    stopServing = () => endpoint.close();
    log(`memory in ${opened.where}; serving ${tokens.size} token(s) at ${endpoint.url.href}`);
    return;
  }
  if (options.transport.kind === 'stdio') {
    const server = openSession(options.transport.principal);
    const transport = new StdioServerTransport();
    transport.onclose = () => void stop();
    process.stdin.on('end', () => void stop());
    stopServing = () => server.close();
    await server.connect(transport);
    log(`memory in ${opened.where}; serving over stdio`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof StartupFailure) {
    log(error.message);
    process.exit(error.exitCode);
  }
  log(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
