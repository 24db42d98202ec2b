/**
 * Benchmark of the HTTP server's per-client state: 10,000 MCP sessions of
 * 2025 clients opened (an `initialize` each, over loopback HTTP) and
 * abandoned (never ended), in rounds of 1,000 across 100 tokens. Between
 * rounds the server's clock moves past the idle time (30 minutes), as an
 * hour of abandoned clients would, so each round's sessions are closed by
 * the next sweep. After each round it prints the live sessions and the
 * heap after a full collection: flat when abandoned sessions are dropped.
 *
 *   npx tsc -b packages/mcp-server && pnpm --filter @symfonic/mcp-server bench:sessions
 *   SESSIONS=2000 … for a shorter run
 *
 * It prints a table, and exits 1 when a sweep leaves a session alive or
 * the heap after the last round is more than {@link allowedGrowthMb} above
 * the heap after the first (the heap before each sweep, with 1,000 sessions
 * alive, shows what they would hold if kept), so CI runs it as a check. Run with
 * `--expose-gc` (the script does). With `FIGURES=1` it also writes its table to
 * `figures/sessions-bench.json` for `pnpm figures` to put in the README.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { benchMachine, type Figures, renderFigures, saveFigures } from '@symfonic/test-support';
import { bearerVerifier } from './bearer-verifier.js';
import { defaultClientStateLimits } from './client-state-table.js';
import { createMemoryServer } from './create-memory-server.js';
import { serveHttp } from './serve-http.js';
import { StaticTokenVerifier } from './static-token-verifier.js';

const sessions = Number(process.env.SESSIONS ?? 10_000);
/** How much the heap may grow from the first round to the last, in MB. */
const allowedGrowthMb = 4;
const round = 1_000;
const tokens = Array.from({ length: 100 }, () => randomBytes(32).toString('hex'));

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  },
});

/** Open one session with `token` and abandon it: answers its id. */
function openSession(url: URL, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const id = response.headers['mcp-session-id'];
          if (response.statusCode !== 200 || typeof id !== 'string') {
            reject(new Error(`initialize answered ${response.statusCode}`));
          } else resolve(id);
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(initialize);
  });
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const store = await openPGliteStore();
const memory = createMemory({ store });
let clock = 0;
const endpoint = await serveHttp({
  host: '127.0.0.1',
  port: 0,
  now: () => clock,
  log: () => undefined,
  verifier: (resource) =>
    bearerVerifier({
      tokens: new StaticTokenVerifier(
        tokens.map((token, index) => ({ token, tenant: 'bench', user: `user-${index}` })),
        resource,
      ),
    }),
  openServer: (principal, refs) =>
    createMemoryServer({ store, memory, principal, ...(refs ? { refs } : {}) }),
});

collect();
const baseline = process.memoryUsage().heapUsed;
const rows: string[][] = [];
const heaps: number[] = [];
let leftAlive = 0;
for (let opened = 0; opened < sessions; ) {
  for (let index = 0; index < round; index += 1, opened += 1) {
    await openSession(endpoint.url, tokens[index % tokens.length] as string);
  }
  const live = endpoint.held().sessions;
  await new Promise((resolve) => setTimeout(resolve, 50));
  collect();
  const held = process.memoryUsage().heapUsed;
  clock += defaultClientStateLimits.idleMs;
  endpoint.sweep();
  await new Promise((resolve) => setTimeout(resolve, 50));
  collect();
  const heap = process.memoryUsage().heapUsed;
  heaps.push(heap);
  leftAlive += endpoint.held().sessions;
  rows.push([
    opened.toLocaleString('en'),
    live.toLocaleString('en'),
    megabytes(held),
    String(endpoint.held().sessions),
    megabytes(heap),
    megabytes(heap - baseline),
  ]);
}
await endpoint.close();
await store.close();

const figures: Figures = {
  document: 'packages/mcp-server/README.md',
  section: 'sessions-bench',
  measured: `\`pnpm --filter @symfonic/mcp-server bench:sessions\`, ${sessions.toLocaleString('en')} sessions in rounds of ${round.toLocaleString('en')}, on ${benchMachine()}`,
  columns: [
    'opened',
    'live before the sweep',
    'heap then, MB',
    'live after',
    'heap after, MB',
    'growth since start, MB',
  ].map((title) => ({ title, align: 'right' as const })),
  rows,
};

console.log(
  [
    `${sessions.toLocaleString('en')} sessions opened and abandoned, 100 principals, idle time ${defaultClientStateLimits.idleMs / 60_000} min (moved past after every ${round.toLocaleString('en')})`,
    '',
    renderFigures(figures),
  ].join('\n'),
);
saveFigures(figures, new URL('../', import.meta.url));
const growth = ((heaps.at(-1) ?? 0) - (heaps[0] ?? 0)) / 1024 / 1024;
if (leftAlive > 0 || growth > allowedGrowthMb) {
  console.error(
    `FAILED: ${leftAlive} session(s) outlived a sweep; the heap grew ${growth.toFixed(1)} MB from the first round to the last (at most ${allowedGrowthMb})`,
  );
  process.exit(1);
}
console.log(
  `heap growth from the first round to the last: ${growth.toFixed(1)} MB (at most ${allowedGrowthMb})`,
);
