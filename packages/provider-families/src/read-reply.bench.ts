/**
 * How long `readReply` takes on replies with many tool calls, a huge argument string, long
 * streams, and lists that report a huge length; time per entry shows it is linear.
 * Run with `pnpm --filter @symfonic/provider-families bench` after a build.
 * Prints a Markdown table: median and p95 over the runs.
 */
import { benchMachine, type Figures, renderFigures, saveFigures } from '@symfonic/test-support';
import { measure } from './measure.bench.js';
import { readReply } from './read-reply.js';

const runs = 15;

function chatWithCalls(count: number, argumentsText = '{"ops":[{"op":"add","text":"x"}]}') {
  return {
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: Array.from({ length: count }, (_, index) => ({
            id: `call_${index}`,
            type: 'function',
            function: { name: 'memory_ops', arguments: argumentsText },
          })),
        },
      },
    ],
  };
}

function streamOfDeltas(count: number) {
  return [
    { type: 'text-start', id: 'text-1' },
    ...Array.from({ length: count }, () => ({ type: 'text-delta', id: 'text-1', delta: 'ab ' })),
    { type: 'text-end', id: 'text-1' },
  ];
}

function sparse(): unknown[] {
  const list: unknown[] = [];
  list.length = 2 ** 32 - 1;
  return list;
}

const hugeLength = new Proxy([] as unknown[], {
  get: (target, key, receiver) =>
    key === 'length' ? Number.MAX_SAFE_INTEGER : Reflect.get(target, key, receiver),
});

const megabyteArgument = `{"ops":[],"note":"${'x'.repeat(1 << 20)}"}`;

const inputs: ReadonlyArray<readonly [name: string, entries: number, reply: unknown]> = [
  ['OpenAI chat, 100 tool calls', 100, chatWithCalls(100)],
  ['OpenAI chat, 1,000 tool calls', 1_000, chatWithCalls(1_000)],
  ['OpenAI chat, 10,000 tool calls', 10_000, chatWithCalls(10_000)],
  ['OpenAI chat, 1 call with a 1 MiB argument string', 1, chatWithCalls(1, megabyteArgument)],
  ['AI SDK stream, 3,200 text deltas', 3_202, streamOfDeltas(3_200)],
  ['AI SDK stream, 32,000 text deltas', 32_002, streamOfDeltas(32_000)],
  [
    'Anthropic content: sparse array of length 2³²−1',
    0,
    { type: 'message', role: 'assistant', model: 'm', content: sparse() },
  ],
  ['AI SDK stream: proxy reporting 2⁵³−1 entries', 0, hugeLength],
];

const rows: string[][] = [];
for (const [name, entries, reply] of inputs) {
  const { median, p95 } = measure(() => readReply(reply), runs);
  const perEntry = entries > 0 ? ((median * 1000) / entries).toFixed(2) : '—';
  rows.push([name, entries.toLocaleString('en'), median.toFixed(2), p95.toFixed(2), perEntry]);
}
const figures: Figures = {
  document: 'packages/provider-families/README.md',
  section: 'read-reply-bench',
  measured: `\`pnpm --filter @symfonic/provider-families bench\`, \`readReply\` on large replies, ${runs} runs each, on ${benchMachine()}`,
  columns: [
    { title: 'reply' },
    { title: 'entries read', align: 'right' },
    { title: 'median ms', align: 'right' },
    { title: 'p95 ms', align: 'right' },
    { title: 'µs per entry', align: 'right' },
  ],
  rows,
};
console.log(`${renderFigures(figures)}\n\n${figures.measured}.`);
saveFigures(figures, new URL('../', import.meta.url));
