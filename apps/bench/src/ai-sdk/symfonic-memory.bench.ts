/**
 * Benchmark: what the memory middleware costs a model call, on the AI SDK's
 * mock model (no network), over the in-memory store.
 *
 * 1. Time per call, `generateText` and `streamText`: the bare model beside
 *    the wrapped one (one call of each per round), with `hydrate`, `remember`
 *    and `record` (as the report times them) taken out; the rest is the
 *    middleware's own time (goal: under 1 ms), also as the report times it.
 * 2. Time to the first visible delta of `streamText`, bare and wrapped (the
 *    wrapped one includes a hydration on a store that holds nothing).
 * 3. What the ops filter holds back on answers without an ops object: how
 *    many deltas came out shorter than they went in, and by how many characters.
 *
 * Run it with `pnpm --filter @symfonic/bench ai-sdk` after a build (`npx tsc -b apps/bench`);
 * `BENCH_RUNS` grows or shrinks it.
 */
import { type MemoryReport, symfonicMemory } from '@symfonic/ai-sdk';
import { answerWithOps, scriptedModel } from '@symfonic/ai-sdk/test';
import type { MemoryScope } from '@symfonic/core';
import { createMemory, OpsObjectFilter } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { percentile } from '@symfonic/test-support';
import {
  generateText,
  type LanguageModel,
  type LanguageModelMiddleware,
  streamText,
  wrapLanguageModel,
} from 'ai';
import { seededMemory } from '../seeded-memory.js';
import { timeSideBySide } from '../time-side-by-side.js';

const runs = Number(process.env.BENCH_RUNS ?? 300);
const warmup = 30;
const owner: MemoryScope = { tenant: 'bench', path: ['user:1'] };
const conversation: MemoryScope = { tenant: 'bench', path: ['user:1', 'conversation:1'] };

const prose =
  'Lyon is a lovely city to live in: the old town, the two rivers and the food markets are all worth a walk on a Sunday morning.';
const words = (text: string) => text.match(/\s*\S+/g) ?? [];
const answerDeltas = words(
  answerWithOps(prose, [{ op: 'add', text: 'The user lives in Lyon', salience: 0.7 }]),
);

const format = (value: number) => value.toFixed(3).padStart(9);
const row = (label: string, values: readonly number[]) =>
  `${label.padEnd(52)} ${format(percentile(values, 0.5))} ${format(percentile(values, 0.95))}`;
const header = (title: string) =>
  `\n${title}\n${''.padEnd(52)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}`;

const rounds = { runs, warmup };

/** A middleware that passes every call through: what wrapping alone costs. */
const passThrough: LanguageModelMiddleware = {
  specificationVersion: 'v3',
  wrapStream: async ({ doStream }) => {
    const result = await doStream();
    return { ...result, stream: result.stream.pipeThrough(new TransformStream()) };
  },
};

async function perCall(kind: 'generate' | 'stream') {
  const bare = scriptedModel([{ deltas: answerDeltas }]);
  const run = async (model: LanguageModel, index: number) => {
    const prompt = `Message ${index}: where should I walk in Lyon on Sunday?`;
    if (kind === 'generate') await generateText({ model, prompt });
    else await streamText({ model, prompt }).consumeStream();
  };
  const memory = await seededMemory(owner);
  const reports: MemoryReport[] = [];
  const [bareTimes = [], passThroughTimes = [], wrappedTimes = []] = await timeSideBySide(
    rounds,
    (index) => run(bare, index),
    (index) =>
      run(
        wrapLanguageModel({
          model: scriptedModel([{ deltas: answerDeltas }]),
          middleware: passThrough,
        }),
        index,
      ),
    async (index) => {
      const wrapped = wrapLanguageModel({
        model: scriptedModel([{ deltas: answerDeltas }]),
        middleware: symfonicMemory({
          memory,
          conversation,
          owner,
          onMemory: (report) => reports.push(report),
        }),
      });
      await run(wrapped, index);
    },
  );
  const measured = reports.slice(warmup);
  const memoryWork = measured.map(
    (report) =>
      (report.timings.hydrate ?? 0) + (report.timings.remember ?? 0) + (report.timings.record ?? 0),
  );
  return {
    bare: bareTimes,
    passThrough: passThroughTimes,
    wrapped: wrappedTimes,
    memoryWork,
    derived:
      percentile(wrappedTimes, 0.5) - percentile(bareTimes, 0.5) - percentile(memoryWork, 0.5),
    selfTimed: measured.map((report) => report.timings.middleware),
  };
}

async function firstVisibleDelta(): Promise<number[][]> {
  const memory = createMemory({ store: createInMemoryStore() });
  const firstDelta = async (model: LanguageModel, index: number) => {
    const result = streamText({ model, prompt: `Message ${index}` });
    for await (const _delta of result.textStream) break;
    await result.consumeStream();
  };
  return timeSideBySide(
    rounds,
    (index) => firstDelta(scriptedModel([{ deltas: answerDeltas }]), index),
    (index) =>
      firstDelta(
        wrapLanguageModel({
          model: scriptedModel([{ deltas: answerDeltas }]),
          middleware: symfonicMemory({ memory, conversation, owner }),
        }),
        index,
      ),
  );
}

/** Deltas of answers holding no ops object that came out shorter than they went in. */
function heldBack(): { answer: string; deltas: number; delayed: number; characters: number }[] {
  const answers = {
    prose,
    'prose with braces':
      'Use {curly} braces for sets like {1, 2} and maps like { "a": 1 } in the notes.',
    'a JSON answer': 'Here it is: {"name": "Ada", "city": "Lyon", "tags": ["a", "b"]} as asked.',
    'a code block': 'Like this:\n```ts\nconst point = { x: 1, y: 2 };\n```\nThat is all.',
  };
  return Object.entries(answers).map(([answer, text]) => {
    const filter = new OpsObjectFilter();
    let delayed = 0;
    let characters = 0;
    let owed = 0;
    const deltas = words(text);
    for (const delta of deltas) {
      owed += delta.length;
      const released = filter.push(delta).length;
      owed -= released;
      const waiting = owed - (delta.match(/\s*$/)?.[0].length ?? 0);
      if (waiting > 0) {
        delayed += 1;
        characters = Math.max(characters, waiting);
      }
    }
    return { answer, deltas: deltas.length, delayed, characters };
  });
}

async function main(): Promise<void> {
  console.error(`measuring ${runs} calls each (after ${warmup} warm-up calls)…`);
  const generate = await perCall('generate');
  const stream = await perCall('stream');
  const [bareFirst = [], wrappedFirst = []] = await firstVisibleDelta();

  console.log(
    `symfonicMemory on the AI SDK mock model, in-memory store with 200 memories, ${runs} calls each (ms)`,
  );
  for (const [kind, figures] of [
    ['generateText', generate],
    ['streamText', stream],
  ] as const) {
    console.log(header(kind));
    console.log(row('bare model, whole call', figures.bare));
    console.log(row('wrapped with a pass-through middleware', figures.passThrough));
    console.log(row('wrapped with symfonicMemory, whole call', figures.wrapped));
    console.log(row('  hydrate + remember + record (from the report)', figures.memoryWork));
    console.log(
      `${'  middleware itself: p50 wrapped - bare - memory work'.padEnd(52)} ${format(figures.derived)}`,
    );
    console.log(row('  middleware itself: as the report times it', figures.selfTimed));
  }
  console.log(
    header(`streamText: time to the first visible delta (${answerDeltas.length} deltas)`),
  );
  console.log(row('bare model', bareFirst));
  console.log(row('wrapped (includes a hydration of an empty store)', wrappedFirst));
  console.log('\nthe ops filter on answers without an ops object, streamed word by word');
  console.log(
    `${'answer'.padEnd(20)} ${'deltas'.padStart(7)} ${'delayed'.padStart(8)} ${'most characters held'.padStart(21)}`,
  );
  for (const held of heldBack()) {
    console.log(
      `${held.answer.padEnd(20)} ${String(held.deltas).padStart(7)} ${String(held.delayed).padStart(8)} ${String(held.characters).padStart(21)}`,
    );
  }
  console.log(
    '\n"delayed": deltas whose own characters (trailing whitespace aside, which waits for the next character) were not all released when the delta arrived.',
  );
}

await main();
