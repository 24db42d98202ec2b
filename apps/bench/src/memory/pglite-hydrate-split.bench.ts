/**
 * Benchmark: where PGlite's `hydrate` spends its time at `BENCH_MEMORIES`
 * memories in one scope (10 000 by default), pinned facts on (the default):
 * ordinary cues ranked lexically and hybrid (the local n-gram embedder), and
 * maximal cues (`Limits.cueText` characters of distinct words, each held by
 * one memory) ranked lexically.
 *
 * PGlite answers every statement over PostgreSQL's extended protocol, one
 * message at a time (`execProtocolStream`): Parse (parse and analyze the
 * SQL), Bind (plan it, an unnamed statement being planned at each bind),
 * Execute (run it), Describe and Sync; a transaction's `BEGIN` and `COMMIT`
 * are simple queries. The benchmark wraps PGlite's prototype to time each
 * message, names each statement by its SQL, and times the decoding PGlite
 * does after `Sync` (its rows into values). `JSON.parse` outside a
 * statement (the ranked rows' one JSON document) is timed apart; the rest of
 * the `hydrate` (drizzle's mapping, the store kit, the cue's embedding,
 * `memory`'s gates, ranking and rendering) is "JS".
 *
 * Writes `pglite-hydrate-split.json` (in `apps/bench`, or where `OUTPUT` says);
 * `pnpm --filter @symfonic/bench memory:pglite-hydrate-split-table` puts its table in
 * store-drizzle's README.
 *
 *   npx tsc -b apps/bench && pnpm --filter @symfonic/bench memory:pglite-hydrate-split
 *   BENCH_MEMORIES=2000 BENCH_RUNS=20 … for a shorter run; BENCH_MODES=lexical,maximal
 *   (of lexical, hybrid, maximal) for some rankings only
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import type { EmbeddingProvider, MemoryScope, MemoryStore } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { percentile } from '@symfonic/test-support';
import { distinctWord, maximalCue } from './maximal-cue.js';
import { type HydrateSplit, statementName } from './pglite-hydrate-split-table.js';
import { pick, seedNotes, sequence } from './seed-notes.js';

const memories = Number(process.env.BENCH_MEMORIES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 40);
const output = process.env.OUTPUT ?? 'pglite-hydrate-split.json';
const warmup = 5;
const scope: MemoryScope = { tenant: 'bench', path: ['user:1'] };
const conversation: MemoryScope = { tenant: 'bench', path: ['user:1', 'conversation:1'] };
const topics = ['tea', 'coffee', 'jazz', 'hiking', 'Lyon', 'Paris', 'peanuts', 'marathon'];
const more = ['cats', 'dogs', 'python', 'guitar', 'piano', 'sushi', 'chess', 'sailing'];
const words = [...topics, ...more];
const subjects = ['Sam', 'the user', 'their sister', 'a colleague'];

/** The protocol phases of a statement; the rest of its time is decoding. */
const phases = ['parse', 'plan', 'execute', 'protocol'] as const;

/** The phase each protocol message's time counts in. */
function phaseOf(message: Uint8Array): string {
  switch (String.fromCharCode(message[0] ?? 0)) {
    case 'P':
      return 'parse';
    case 'B':
      return 'plan';
    case 'E':
      return 'execute';
    case 'Q':
      return 'execute';
    default:
      return 'protocol';
  }
}

/** The SQL text of a Parse ('P') or Query ('Q') message. */
function sqlOf(message: Uint8Array): string {
  const text = new TextDecoder().decode(message.subarray(5));
  if (message[0] === 0x51) return text.replace(/\0+$/, '');
  const afterName = text.indexOf('\0');
  return text.slice(afterName + 1, text.indexOf('\0', afterName + 1));
}

/** What one hydrate spent, per statement name and phase, in ms. */
type Spent = Map<string, number>;

let current: Spent | undefined;
/** The statement running: its name, when it started, and whether it is a simple query (`BEGIN`, `COMMIT`). */
let statement: { name: string; started: number; simple: boolean } | undefined;
let insideStatement = false;
const add = (key: string, ms: number) => current?.set(key, (current.get(key) ?? 0) + ms);

// Time every protocol message PGlite exchanges with PostgreSQL, by statement.
const prototype = PGlite.prototype as unknown as {
  execProtocolStream(message: Uint8Array, options?: unknown): Promise<unknown>;
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(
    callback: (transaction: Record<string, unknown>) => Promise<unknown>,
  ): Promise<unknown>;
};
const exchange = prototype.execProtocolStream;
prototype.execProtocolStream = async function (this: unknown, message, options) {
  const first = message[0];
  if (first === 0x50 || first === 0x51) {
    const sql = sqlOf(message);
    const name = statementName(sql);
    if (name === 'other' && process.env.SPLIT_DEBUG) console.error(sql);
    statement = { name, started: performance.now(), simple: first === 0x51 };
    insideStatement = true;
  }
  const started = performance.now();
  try {
    return await exchange.call(this, message, options);
  } finally {
    if (statement) add(`${statement.name}\t${phaseOf(message)}`, performance.now() - started);
    // A simple query inside a transaction ends at its Sync (what PGlite decodes of it is nothing).
    if (first === 0x53 && statement?.simple) {
      add(`${statement.name}\ttotal`, performance.now() - statement.started);
      add(`${statement.name}\tcount`, 1);
      statement = undefined;
      insideStatement = false;
    }
  }
};
/** Wrap a query function: after its last message, the rest of its time is PGlite's decoding. */
function decoded<Args extends unknown[]>(
  run: (...args: Args) => Promise<unknown>,
): (...args: Args) => Promise<unknown> {
  return async function (this: unknown, ...args: Args) {
    const result = await run.apply(this, args);
    if (statement) {
      add(`${statement.name}\ttotal`, performance.now() - statement.started);
      add(`${statement.name}\tcount`, 1);
    }
    statement = undefined;
    insideStatement = false;
    return result;
  };
}
prototype.query = decoded(prototype.query);
prototype.exec = decoded(prototype.exec);
const transaction = prototype.transaction;
prototype.transaction = function (this: unknown, callback) {
  return transaction.call(this, (open) =>
    callback({
      ...open,
      query: decoded(open.query as (...args: unknown[]) => Promise<unknown>),
      exec: decoded(open.exec as (...args: unknown[]) => Promise<unknown>),
      get closed() {
        return open.closed;
      },
    }),
  );
};
// JSON decoding done outside PGlite's own (the ranked rows' document).
const parseJson = JSON.parse;
JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
  if (insideStatement || current === undefined) return parseJson(text, reviver);
  const started = performance.now();
  try {
    return parseJson(text, reviver);
  } finally {
    add('JSON.parse of ranked rows\ttotal', performance.now() - started);
  }
}) as typeof JSON.parse;

function seed(store: MemoryStore): Promise<void> {
  return seedNotes(store, {
    scope,
    conversation,
    memories,
    note: (index, random) =>
      `Note ${index}: ${pick(subjects, random)} likes ${pick(words, random)} and ${pick(words, random)}, ${distinctWord(index)}`,
    turnTopics: words,
  });
}

async function measure(
  name: string,
  cueOf: (run: number, random: () => number) => string,
  embedder?: EmbeddingProvider,
): Promise<HydrateSplit['modes'][number]> {
  const store = await openPGliteStore(embedder ? { embedder } : {});
  try {
    console.error(`${name}: seeding ${memories} memories…`);
    await seed(store);
    const memory = createMemory({ store, ...(embedder ? { embedder } : {}) });
    const random = sequence(11);
    const samples: Spent[] = [];
    const totals: number[] = [];
    console.error(`${name}: measuring…`);
    for (let run = 0; run < warmup + runs; run += 1) {
      const cue = cueOf(run, random);
      current = new Map();
      const started = performance.now();
      await memory.hydrate(conversation, cue);
      const total = performance.now() - started;
      const spent = current;
      current = undefined;
      if (run < warmup) continue;
      let accounted = 0;
      for (const [key, value] of [...spent]) {
        if (!key.endsWith('\ttotal')) continue;
        accounted += value;
        const part = key.slice(0, -'\ttotal'.length);
        const exchanged = phases.reduce(
          (sum, phase) => sum + (spent.get(`${part}\t${phase}`) ?? 0),
          0,
        );
        if (exchanged > 0) spent.set(`${part}\tdecode`, Math.max(0, value - exchanged));
      }
      spent.set('JS\ttotal', Math.max(0, total - accounted));
      spent.set('hydrate\ttotal', total);
      samples.push(spent);
      totals.push(total);
    }
    const keys = new Set(samples.flatMap((sample) => [...sample.keys()]));
    const parts: HydrateSplit['modes'][number]['parts'] = {};
    for (const key of keys) {
      const values = samples.map((sample) => sample.get(key) ?? 0);
      const [part = key, phase = 'total'] = key.split('\t');
      const entry = parts[part] ?? {};
      parts[part] = entry;
      entry[phase] = {
        p50: percentile(values, 0.5),
        p95: percentile(values, 0.95),
        mean: values.reduce((sum, value) => sum + value, 0) / values.length,
      };
    }
    return { name, parts };
  } finally {
    await store.close();
  }
}

const loadBefore = loadavg();
const ordinary = (_run: number, random: () => number) => `any thoughts on ${pick(words, random)}?`;
/** The rankings measured: all, or those `BENCH_MODES` names (comma-separated). */
const chosen = process.env.BENCH_MODES?.split(',');
const wanted = (name: string) => chosen === undefined || chosen.includes(name);
const modes = [];
if (wanted('lexical')) modes.push(await measure('lexical', ordinary));
if (wanted('hybrid')) modes.push(await measure('hybrid', ordinary, createLocalEmbedder()));
if (wanted('maximal')) {
  modes.push(await measure('lexical, maximal cue', (run) => maximalCue(run * 7)));
}
const result: HydrateSplit = {
  when: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'unknown CPU'}, Node ${process.version}`,
  loadBefore: loadBefore.map((value) => Number(value.toFixed(2))),
  loadAfter: loadavg().map((value) => Number(value.toFixed(2))),
  memories,
  runs,
  modes,
};
writeFileSync(output, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
