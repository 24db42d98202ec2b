/**
 * Benchmark: what the memory middleware costs an agent turn, on LangChain's
 * fake chat models (no network), over the in-memory store holding 200 memories.
 *
 * 1. `invoke`: a bare `createAgent` beside one with `symfonicMiddleware` (one
 *    turn of each per round), and the rest: the difference of their medians,
 *    less the median of `hydrate`, `remember` and `record` as the report
 *    times them (the middleware's own work and the filtering model's layer).
 * 2. `stream` in the `messages` mode, word by word: bare beside wrapped (the
 *    filtering model's cost per turn is in the difference).
 *
 * Run it with `pnpm --filter @symfonic/bench langchain` after a build (`npx tsc -b apps/bench`);
 * `BENCH_RUNS` grows or shrinks it. With `FIGURES=1` it also writes the LangChain README's table
 * (the medians) to `packages/langchain/figures/middleware-cost.json` for `pnpm figures`.
 */
import { AIMessage, AIMessageChunk, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import type { MemoryScope } from '@symfonic/core';
import { type MemoryReport, symfonicMiddleware } from '@symfonic/langchain';
import {
  benchMachine,
  type Figures,
  percentile,
  renderFigures,
  saveFigures,
} from '@symfonic/test-support';
import { createAgent } from 'langchain';
import { packageFolder } from '../package-folder.js';
import { seededMemory } from '../seeded-memory.js';
import { timeSideBySide } from '../time-side-by-side.js';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const warmup = 20;
const owner: MemoryScope = { tenant: 'bench', path: ['user:1'] };
const conversation: MemoryScope = { tenant: 'bench', path: ['user:1', 'conversation:1'] };

const prose =
  'Lyon is a lovely city to live in: the old town, the two rivers and the food markets are all worth a walk on a Sunday morning.';
/** The model's answer: prose, then its ops object, as a model told of the ops channel writes it. */
const answer = `${prose}\n\n${JSON.stringify({ ops: [{ op: 'add', text: 'The user lives in Lyon', salience: 0.7 }] })}`;
const words = answer.match(/\s*\S+/g) ?? [];

const format = (value: number) => value.toFixed(3).padStart(9);
const row = (label: string, values: readonly number[]) =>
  `${label.padEnd(48)} ${format(percentile(values, 0.5))} ${format(percentile(values, 0.95))}`;
const header = (title: string) =>
  `\n${title}\n${''.padEnd(48)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}`;

const rounds = { runs, warmup };

const memory = await seededMemory(owner);
const reports: MemoryReport[] = [];
const middleware = symfonicMiddleware({
  memory,
  conversation,
  owner,
  onMemory: (report) => reports.push(report),
});
const say = (index: number) => ({
  messages: [new HumanMessage(`Turn ${index}: I moved to Lyon.`)],
});

const bareModel = fakeModel();
const wrappedModel = fakeModel();
const bare = createAgent({ model: bareModel });
const wrapped = createAgent({ model: wrappedModel, middleware: [middleware] });
const [bareInvoke = [], wrappedInvoke = []] = await timeSideBySide(
  rounds,
  async (index) => {
    bareModel.respond(new AIMessage(answer));
    await bare.invoke(say(index));
  },
  async (index) => {
    wrappedModel.respond(new AIMessage(answer));
    await wrapped.invoke(say(index));
  },
);
const memoryTimes = reports
  .slice(warmup)
  .map(({ timings }) => (timings.hydrate ?? 0) + (timings.remember ?? 0) + (timings.record ?? 0));

const streaming = () =>
  new FakeStreamingChatModel({ chunks: words.map((content) => new AIMessageChunk({ content })) });
const bareStream = createAgent({ model: streaming() });
const wrappedStream = createAgent({ model: streaming(), middleware: [middleware] });
const drain = async (agent: typeof bareStream, index: number) => {
  const stream = await agent.stream(say(index), { streamMode: 'messages' });
  for await (const _chunk of stream) {
    // every chunk read, as a chat UI reads them
  }
};
const [bareStreamed = [], wrappedStreamed = []] = await timeSideBySide(
  rounds,
  (index) => drain(bareStream, index),
  (index) => drain(wrappedStream, index),
);

console.log(`runs: ${runs} (after ${warmup} warm-up rounds), ms`);
console.log(header('invoke, one turn'));
console.log(row('bare agent', bareInvoke));
console.log(row('with symfonicMiddleware', wrappedInvoke));
console.log(row('  hydrate + remember + record (report)', memoryTimes));
const ownTimes = reports.slice(warmup, warmup + runs).map(({ timings }) => timings.middleware);
const rest =
  percentile(wrappedInvoke, 0.5) - percentile(bareInvoke, 0.5) - percentile(memoryTimes, 0.5);
console.log(`${'  the rest: middleware and filtering model (p50s)'.padEnd(48)} ${format(rest)}`);
console.log(row('  of it, the middleware’s own work (report)', ownTimes));
console.log(header(`stream (messages mode), ${words.length} chunks`));
console.log(row('bare agent', bareStreamed));
console.log(row('with symfonicMiddleware', wrappedStreamed));
const ratio = (left: number[], right: number[]) =>
  (percentile(left, 0.5) / percentile(right, 0.5)).toFixed(2);
console.log(
  `\nmedian ratio wrapped/bare: invoke ${ratio(wrappedInvoke, bareInvoke)}, stream ${ratio(wrappedStreamed, bareStreamed)}`,
);
const median = (times: number[]) => `${percentile(times, 0.5).toFixed(1)} ms`;
const figures: Figures = {
  document: 'packages/langchain/README.md',
  section: 'middleware-cost',
  measured: `\`pnpm --filter @symfonic/bench langchain\`, medians of ${runs} turns after ${warmup} warm-up rounds, interleaved, on ${benchMachine()}`,
  columns: [
    { title: 'one agent turn' },
    { title: 'bare `createAgent`' },
    { title: 'with the middleware' },
  ],
  rows: [
    ['`invoke`', median(bareInvoke), median(wrappedInvoke)],
    [
      `\`stream\`, \`messages\` mode, ${words.length} chunks`,
      median(bareStreamed),
      median(wrappedStreamed),
    ],
  ],
};
console.log(`\n${renderFigures(figures)}`);
saveFigures(figures, packageFolder('langchain'));
