/**
 * What the ranking costs at 1,000 memories in one scope: `retrieve` (limit
 * 25) on the in-memory store by full text alone, and fused with vectors from
 * each embedder, plus the cue embedding alone. The memories are the first
 * 1,000 turns of the shipped synthetic data set, written into one scope; the
 * cues are its questions. Run: `pnpm --filter @symfonic/eval bench` after a
 * build. Wall-clock percentiles include waiting for a core on a shared
 * machine; the CPU columns (process CPU time per query) are the fairer
 * measure of work.
 */
import { performance } from 'node:perf_hooks';
import type { EmbeddingProvider, MemoryStore } from '@symfonic/core';
import { createLocalEmbedder } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { percentile } from '@symfonic/test-support';
import { wordVectorEmbedder } from './embedders/word-vector-embedder-of.js';
import { memoryText } from './memory-text.js';
import { readEvalDataset } from './read-eval-dataset.js';
import { syntheticDatasetPath } from './synthetic/synthetic-dataset-path.js';

const memories = 1_000;
const queries = 300;
const scope = { tenant: 'bench', path: ['conversation:all'] };

const dataset = await readEvalDataset(syntheticDatasetPath);
const texts = dataset.conversations
  .flatMap((conversation) =>
    conversation.sessions.flatMap((session) =>
      session.turns.map((turn) => `${conversation.id} ${memoryText(turn, session)}`),
    ),
  )
  .slice(0, memories);
const cues = Array.from(
  { length: queries },
  (_, index) => dataset.questions[index % dataset.questions.length]?.question as string,
);

interface Timing {
  readonly wall: number[];
  readonly cpu: number[];
}

const rounds = 3;

/** Time `action` once per cue, adding to `timing`. */
async function time(action: (cue: string) => Promise<unknown>, timing: Timing): Promise<void> {
  for (const cue of cues) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await action(cue);
    timing.wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    timing.cpu.push((used.user + used.system) / 1000);
  }
}

async function filled(store: MemoryStore): Promise<MemoryStore> {
  for (let start = 0; start < texts.length; start += 100) {
    await store.apply(
      scope,
      texts.slice(start, start + 100).map((text) => ({ op: 'add', layer: 'episodic', text })),
      { writer: 'bench' },
    );
  }
  return store;
}

const retrieve = (store: MemoryStore) => (cue: string) => store.retrieve({ scope, cue, limit: 25 });
const actions: [string, (cue: string) => Promise<unknown>][] = [
  ['retrieve, full text alone', retrieve(await filled(createInMemoryStore()))],
];
for (const [name, embedder] of [
  ['local-ngram', createLocalEmbedder()],
  ['word-vectors', await wordVectorEmbedder()],
] as [string, EmbeddingProvider][]) {
  actions.push(
    [`cue embedding alone, ${name}`, (cue) => embedder.embed([cue])],
    [
      `retrieve, vectors alone, ${name}`,
      retrieve(await filled(createInMemoryStore({ embedder, fusionWeights: { lexical: 0 } }))),
    ],
    [`retrieve, hybrid, ${name}`, retrieve(await filled(createInMemoryStore({ embedder })))],
  );
}
// Warm every path up first, then interleave the rounds, so no row pays for the JIT or for
// a burst of load on the machine alone.
for (const [, action] of actions) for (const cue of cues) await action(cue);
const rows: [string, Timing][] = actions.map(([name]) => [name, { wall: [], cpu: [] }]);
for (let round = 0; round < rounds; round += 1) {
  for (const [index, [, action]] of actions.entries()) {
    await time(action, (rows[index] as [string, Timing])[1]);
  }
}

const format = (value: number) => value.toFixed(3);
console.log(
  `in-memory store, ${texts.length} memories in one scope, ${queries} queries × ${rounds} interleaved rounds, limit 25 (milliseconds)\n`,
);
console.log('| what | p50 | p95 | CPU p50 | CPU p95 |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, timing] of rows) {
  console.log(
    `| ${name} | ${format(percentile(timing.wall, 0.5))} | ${format(percentile(timing.wall, 0.95))} | ${format(percentile(timing.cpu, 0.5))} | ${format(percentile(timing.cpu, 0.95))} |`,
  );
}
const cpu = (name: string, fraction: number) =>
  percentile(rows.find(([row]) => row === name)?.[1].cpu ?? [], fraction);
for (const embedder of ['local-ngram', 'word-vectors']) {
  const hybrid = `retrieve, hybrid, ${embedder}`;
  console.log(
    `\nhybrid with ${embedder} over full text alone, CPU: +${format(cpu(hybrid, 0.5) - cpu('retrieve, full text alone', 0.5))} ms at p50, +${format(cpu(hybrid, 0.95) - cpu('retrieve, full text alone', 0.95))} ms at p95; embedding the cue is ${format(cpu(`cue embedding alone, ${embedder}`, 0.95))} ms of it at p95, the rest the cosine scan of ${texts.length} rows (${embedder === 'word-vectors' ? 100 : 384} dimensions) and the fusion.`,
  );
}
