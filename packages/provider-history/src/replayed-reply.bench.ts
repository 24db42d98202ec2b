import { AIMessage, AIMessageChunk, type AIMessageFields } from '@langchain/core/messages';
import { concat } from '@langchain/core/utils/stream';
import { percentile } from '@symfonic/test-support';
import { replayedReply } from './replayed-reply.js';
import { toolObservations } from './tool-observations.js';

/**
 * How long one round's replay takes, per call, for the shapes a round has.
 * Run with `pnpm bench` after a build: a few seconds on one core. Each case is
 * timed in batches; the table gives the median and p95 of the per-call time.
 * The `AIMessage` constructor alone is timed too, because it is where the time
 * of every conversion and remap goes.
 */
const samples = 40;
const callsPerSample = 500;

function anthropicFields(calls: number): AIMessageFields {
  const ids = Array.from({ length: calls }, (_, index) => `toolu_${index}`);
  return {
    id: 'msg_01',
    content: [
      { type: 'thinking', thinking: 'plan', signature: 'sig' },
      { type: 'text', text: 'Checking.' },
      ...ids.map((id) => ({ type: 'tool_use', id, name: 'get_weather', input: { city: id } })),
    ],
    tool_calls: ids.map((id) => ({
      type: 'tool_call',
      id,
      name: 'get_weather',
      args: { city: id },
    })),
    usage_metadata: { input_tokens: 10, output_tokens: 20, total_tokens: 30 },
  };
}

function streamedAggregate(calls: number): AIMessageChunk {
  const chunks = Array.from({ length: calls }, (_, index) => [
    new AIMessageChunk({
      content: '',
      tool_call_chunks: [
        { type: 'tool_call_chunk', index, id: `call_${index}`, name: 'get_time', args: '{"zone":' },
      ],
    }),
    new AIMessageChunk({
      content: '',
      tool_call_chunks: [{ type: 'tool_call_chunk', index, args: '"UTC"}' }],
    }),
  ]).flat();
  return chunks.reduce((left, right) => concat(left, right));
}

const callerIds = (calls: number) => Array.from({ length: calls }, (_, index) => `caller-${index}`);

function time(run: () => unknown): { median: number; p95: number } {
  for (let warmup = 0; warmup < callsPerSample; warmup += 1) run();
  const perCall: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const start = process.hrtime.bigint();
    for (let call = 0; call < callsPerSample; call += 1) run();
    perCall.push(Number(process.hrtime.bigint() - start) / callsPerSample / 1000);
  }
  return { median: percentile(perCall, 0.5), p95: percentile(perCall, 0.95) };
}

const invoked = new AIMessage(anthropicFields(2));
const wide = new AIMessage(anthropicFields(32));
const streamed = streamedAggregate(2);
const outcomes = callerIds(2).map((id) => ({ id, result: 'ok' }));
const remapped = replayedReply(invoked, callerIds(2));

const cases: [string, () => unknown][] = [
  ['identity: AIMessage, ids match', () => replayedReply(invoked, ['toolu_0', 'toolu_1'])],
  ['remap: 2 calls, tool_use blocks', () => replayedReply(invoked, callerIds(2))],
  ['remap: 32 calls, tool_use blocks', () => replayedReply(wide, callerIds(32))],
  ['convert: streamed aggregate, 2 calls', () => replayedReply(streamed)],
  ['convert + remap: streamed, 2 calls', () => replayedReply(streamed, callerIds(2))],
  ['toolObservations: 2 outcomes', () => toolObservations(remapped, outcomes)],
  ['baseline: new AIMessage (2 calls)', () => new AIMessage(anthropicFields(2))],
];

const rows = cases.map(([label, run]) => ({ case: label, ...time(run) }));
console.log(`per call, microseconds (${samples} samples of ${callsPerSample} calls)`);
console.table(
  rows.map((row) => ({
    case: row.case,
    'median µs': row.median.toFixed(2),
    'p95 µs': row.p95.toFixed(2),
  })),
);

const median = (label: string) => rows.find((row) => row.case.startsWith(label))?.median ?? 0;
console.log(
  `Where the time goes: building the AIMessage (${median('baseline').toFixed(2)} µs) against a whole ` +
    `2-call remap (${median('remap: 2').toFixed(2)} µs); the rest is copying the blocks and calls ` +
    'that hold a renamed id. An unchanged reply costs only the id comparison.',
);
