/**
 * Writes the scale benchmark's section of the store-drizzle README from the benchmark's JSON
 * output, so the figures there are exactly what a run measured, with the machine it ran on:
 *
 *   node dist/write-scale-table.js [scale-bench.json] [../../packages/store-drizzle/README.md]
 *
 * The section sits between `<!-- scale-bench:start -->` and `<!-- scale-bench:end -->`;
 * everything else of the README is left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceSection } from '@symfonic/test-support';

/** The benchmark's output, as `scale.bench.ts` writes it. */
interface ScaleBench {
  readonly when: string;
  readonly machine: {
    readonly cpus: string;
    readonly memoryGiB: number;
    readonly loadAverage: readonly number[];
    readonly node: string;
    readonly server: string;
    readonly pgvector: string;
  };
  readonly corpus: {
    readonly users: number;
    readonly perUser: number;
    readonly hot: number;
    readonly total: number;
    readonly embedder: string;
    readonly dimensions: number;
  };
  readonly importPerSecond: number;
  readonly loaders: number;
  readonly backfillPerSecond: number;
  readonly indexBuildSeconds: number;
  readonly queries: number;
  readonly reads: Record<
    'lexical' | 'hybrid',
    Record<'retrieve' | 'hydrate', { readonly p50: number; readonly p95: number }>
  >;
  readonly slowestStatement: { readonly ms: number; readonly plan: string };
  readonly sizes: readonly {
    readonly name: string;
    readonly kind: string;
    readonly bytes: number;
  }[];
}

/** The goals the figures are read against. */
const goals = {
  lexicalRetrieveP95: 10,
  hybridRetrieveP95: 20,
  hydrateRatio: 1.3,
  importPerSecond: 5_000,
};

const grouped = (value: number) => Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');
const ms = (value: number) => value.toFixed(1);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

/** The README section for one run. */
export function scaleTable(bench: ScaleBench): string {
  const { reads, corpus, machine } = bench;
  const retrieveGoal = { lexical: goals.lexicalRetrieveP95, hybrid: goals.hybridRetrieveP95 };
  const rows = (['lexical', 'hybrid'] as const).flatMap((ranking) => {
    const { retrieve, hydrate } = reads[ranking];
    const ratio = hydrate.p95 / retrieve.p95;
    return [
      `| ${ranking} | \`retrieve\` | ${ms(retrieve.p50)} | ${ms(retrieve.p95)} | p95 ≤ ${retrieveGoal[ranking]} ms | ${verdict(retrieve.p95 <= retrieveGoal[ranking])} |`,
      `| ${ranking} | \`hydrate\` | ${ms(hydrate.p50)} | ${ms(hydrate.p95)} | ≤ ${goals.hydrateRatio} × retrieve (p95 ${ratio.toFixed(2)} ×) | ${verdict(ratio <= goals.hydrateRatio)} |`,
    ];
  });
  const sizes = bench.sizes
    .filter((size) => size.bytes >= 1 << 20)
    .map((size) => `| \`${size.name}\` | ${size.kind} | ${mib(size.bytes)} |`);
  // The query vector is hundreds of numbers: the plan keeps its shape, not its values.
  const plan = bench.slowestStatement.plan.replace(
    /'\[[-0-9.,e]+\]'::vector\((\d+)\)/g,
    "'[…]'::vector($1)",
  );
  return [
    `Measured ${bench.when.slice(0, 10)} on ${machine.cpus}, ${machine.memoryGiB} GiB, load average ${machine.loadAverage.join(' / ')} (a machine shared with other work), Node ${machine.node}, ${machine.server.split(' on ')[0]}, pgvector ${machine.pgvector}.`,
    `Corpus: one tenant, ${grouped(corpus.users)} users × ${grouped(corpus.perUser)} memories plus ${grouped(corpus.hot)} at one user (${grouped(corpus.total)} in all), vectors of \`${corpus.embedder}\` (${corpus.dimensions} dimensions); reads at the user with ${grouped(corpus.hot)}, ${bench.queries} 3-word cues each after 10 warm-up.`,
    '',
    '| ranking | read | p50 ms | p95 ms | goal | |',
    '| --- | --- | ---: | ---: | --- | --- |',
    ...rows,
    '',
    '| load | figure | goal | |',
    '| --- | ---: | --- | --- |',
    `| import (\`apply\`, ${bench.loaders} in parallel, lexical) | ${grouped(bench.importPerSecond)} memories/s | ≥ ${grouped(goals.importPerSecond)} /s | ${verdict(bench.importPerSecond >= goals.importPerSecond)} |`,
    `| vector backfill (\`embedMissing\`) | ${grouped(bench.backfillPerSecond)} memories/s | | |`,
    `| HNSW index build over every vector | ${bench.indexBuildSeconds.toFixed(1)} s | | |`,
    '',
    '| relation | kind | MiB |',
    '| --- | --- | ---: |',
    ...sizes,
    '',
    `The slowest statement of a hybrid \`retrieve\` (${ms(bench.slowestStatement.ms)} ms), \`EXPLAIN (ANALYZE, BUFFERS)\`:`,
    '',
    '```text',
    plan,
    '```',
  ].join('\n');
}

const [input = 'scale-bench.json', readme = '../../packages/store-drizzle/README.md'] =
  process.argv.slice(2);
const bench = JSON.parse(readFileSync(input, 'utf8')) as ScaleBench;
writeFileSync(
  readme,
  replaceSection(readFileSync(readme, 'utf8'), 'scale-bench', scaleTable(bench)),
);
console.log(`wrote the scale table of ${input} into ${readme}`);
