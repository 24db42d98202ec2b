/**
 * Writes the scale benchmark's section of the store-drizzle README from the benchmark's JSON
 * output, so the figures there are exactly what a run measured, with the machine it ran on:
 *
 *   node dist/write-scale-table.js [scale-bench.json …] [../../packages/store-drizzle/README.md]
 *
 * Several runs (JSON files) are written one after the other, in the order given.
 * The section sits between `<!-- scale-bench:start -->` and `<!-- scale-bench:end -->`;
 * everything else of the README is left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceSection } from '@symfonic/test-support';

/** p50 and p95 of one read, in milliseconds. */
interface Latency {
  readonly p50: number;
  readonly p95: number;
}

/** The benchmark's output, as `scale.bench.ts` writes it (hybrid parts absent with VECTORS=0). */
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
    readonly embedder?: string;
    readonly dimensions?: number;
  };
  readonly loaders: number;
  readonly queries: number;
  /** Absent when the corpus was seeded (SEED=bulk): no import rate was measured. */
  readonly seed?: { readonly seconds: number; readonly indexRebuildSeconds: number };
  readonly apply?: { readonly memories: number; readonly perSecond: number };
  readonly restore?: {
    readonly live: { readonly memories: number; readonly perSecond: number };
    readonly bulk: {
      readonly memories: number;
      readonly perSecond: number;
      readonly indexRebuildSeconds: number;
    };
  };
  readonly backfill?: { readonly memories: number; readonly perSecond: number };
  readonly indexBuild?: { readonly seconds: number; readonly maintenanceWorkMem: string };
  readonly reads: {
    readonly lexical: Record<'retrieve' | 'hydrate', Latency>;
    readonly hybrid?: Record<'retrieve' | 'hydrate', Latency>;
  };
  readonly slowestStatement: {
    readonly ranking: string;
    readonly ms: number;
    readonly plan: string;
  };
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

/** The README section's part for one run. */
export function scaleTable(bench: ScaleBench): string {
  const { reads, corpus, machine } = bench;
  const retrieveGoal = { lexical: goals.lexicalRetrieveP95, hybrid: goals.hybridRetrieveP95 };
  const rows = (['lexical', 'hybrid'] as const).flatMap((ranking) => {
    const measured = reads[ranking];
    if (!measured) return [`| ${ranking} | not measured in this run (no vectors) | | | | |`];
    const { retrieve, hydrate } = measured;
    const ratio = hydrate.p95 / retrieve.p95;
    return [
      `| ${ranking} | \`retrieve\` | ${ms(retrieve.p50)} | ${ms(retrieve.p95)} | p95 ≤ ${retrieveGoal[ranking]} ms | ${verdict(retrieve.p95 <= retrieveGoal[ranking])} |`,
      `| ${ranking} | \`hydrate\` | ${ms(hydrate.p50)} | ${ms(hydrate.p95)} | ≤ ${goals.hydrateRatio} × retrieve (p95 ${ratio.toFixed(2)} ×) | ${verdict(ratio <= goals.hydrateRatio)} |`,
    ];
  });
  const sizes = bench.sizes
    .filter((size) => size.bytes >= 1 << 20)
    .map((size) => `| \`${size.name}\` | ${size.kind} | ${mib(size.bytes)} |`);
  const allBytes = bench.sizes.reduce((sum, size) => sum + size.bytes, 0);
  // The query vector is hundreds of numbers: the plan keeps its shape, not its values.
  const plan = bench.slowestStatement.plan.replace(
    /'\[[-0-9.,e]+\]'::vector\((\d+)\)/g,
    "'[…]'::vector($1)",
  );
  const { apply, restore } = bench;
  const vectors = corpus.embedder
    ? `vectors of \`${corpus.embedder}\` (${corpus.dimensions} dimensions)`
    : 'no vectors (a lexical run, `VECTORS=0`)';
  return [
    `Measured ${bench.when.slice(0, 10)} on ${machine.cpus}, ${machine.memoryGiB} GiB, load average ${machine.loadAverage.join(' / ')} (a machine shared with other work), Node ${machine.node}, ${machine.server.split(' on ')[0]}, pgvector ${machine.pgvector}.`,
    `Corpus: one tenant, ${grouped(corpus.users)} users × ${grouped(corpus.perUser)} memories plus ${grouped(corpus.hot)} at one user (${grouped(corpus.total)} in all), ${vectors}; reads at the user with ${grouped(corpus.hot)}, ${bench.queries} 3-word cues each after 10 warm-up.`,
    '',
    '| ranking | read | p50 ms | p95 ms | goal | |',
    '| --- | --- | ---: | ---: | --- | --- |',
    ...rows,
    '',
    '| load | figure | goal | |',
    '| --- | ---: | --- | --- |',
    ...(apply && restore
      ? [
          `| \`apply\`, ${grouped(apply.memories)} memories, ${bench.loaders} in parallel, lexical | ${grouped(apply.perSecond)} memories/s | ≥ ${grouped(goals.importPerSecond)} /s | ${verdict(apply.perSecond >= goals.importPerSecond)} |`,
          `| \`restore\`, ${grouped(restore.live.memories)} memories, ${bench.loaders} in parallel, every index in place | ${grouped(restore.live.perSecond)} memories/s | ≥ ${grouped(goals.importPerSecond)} /s | ${verdict(restore.live.perSecond >= goals.importPerSecond)} |`,
          `| \`restore\`, ${grouped(restore.bulk.memories)} memories, secondary indexes dropped, then built again (${restore.bulk.indexRebuildSeconds.toFixed(0)} s of it) | ${grouped(restore.bulk.perSecond)} memories/s | ≥ ${grouped(goals.importPerSecond)} /s | ${verdict(restore.bulk.perSecond >= goals.importPerSecond)} |`,
        ]
      : []),
    ...(bench.seed
      ? [
          `| seeded (\`SEED=bulk\`: rows inserted 5 000 a statement, not an import rate; the import is measured without it) | ${bench.seed.seconds.toFixed(0)} s | | |`,
          `| every index but the primary keys, built after the seeding | ${bench.seed.indexRebuildSeconds.toFixed(0)} s | | |`,
        ]
      : []),
    ...(bench.backfill
      ? [
          `| vector backfill (\`embedMissing\`) | ${grouped(bench.backfill.perSecond)} memories/s | | |`,
        ]
      : []),
    ...(bench.indexBuild
      ? [
          `| HNSW index build over every vector (\`maintenance_work_mem\` ${bench.indexBuild.maintenanceWorkMem}) | ${bench.indexBuild.seconds.toFixed(1)} s | | |`,
        ]
      : []),
    '',
    '| relation | kind | MiB |',
    '| --- | --- | ---: |',
    ...sizes,
    `| every table and index of the store | | ${mib(allBytes)} |`,
    '',
    `The slowest statement of a ${bench.slowestStatement.ranking} \`retrieve\` (${ms(bench.slowestStatement.ms)} ms), \`EXPLAIN (ANALYZE, BUFFERS)\`:`,
    '',
    '```text',
    plan,
    '```',
  ].join('\n');
}

const inputs = process.argv.slice(2).filter((argument) => argument.endsWith('.json'));
const readme =
  process.argv.slice(2).find((argument) => argument.endsWith('.md')) ??
  '../../packages/store-drizzle/README.md';
if (inputs.length === 0) inputs.push('scale-bench.json');
const runs = inputs.map((input) => JSON.parse(readFileSync(input, 'utf8')) as ScaleBench);
writeFileSync(
  readme,
  replaceSection(readFileSync(readme, 'utf8'), 'scale-bench', runs.map(scaleTable).join('\n\n')),
);
console.log(`wrote the scale tables of ${inputs.join(', ')} into ${readme}`);
