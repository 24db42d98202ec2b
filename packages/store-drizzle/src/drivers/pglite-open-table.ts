import type { OpenBench } from './pglite-open-results.js';

/** The README's markers around the table. */
export const openTableStart = '<!-- pglite-open-bench:start -->';
export const openTableEnd = '<!-- pglite-open-bench:end -->';

/** What each mode of the benchmark is, in the table's words, and its goal (p50 of the open, ms). */
const rows = {
  existing: { name: 'existing folder', goal: 600 },
  'existing-vector': { name: 'existing folder, pgvector loaded', goal: undefined },
  'new-template': { name: 'new folder, from the template', goal: 2_000 },
  'new-initdb': { name: 'new folder, initdb + every migration (before)', goal: undefined },
  wasm: { name: 'WebAssembly only (`noInitDb`)', goal: undefined },
} as const;

const stages = [
  'imports',
  'folder checks and lock',
  'template written',
  'WebAssembly start',
  'PostgreSQL start',
  'first statement',
  'pgvector check',
  'migrations check',
  'store reads',
  'first retrieve',
  'close',
] as const;

const ms = (value: number | undefined) =>
  value === undefined ? '—' : Math.round(value).toString();

/** The README section for one run of the open benchmark, between its markers. */
export function openTable(bench: OpenBench): string {
  const { machine } = bench;
  const lines = Object.entries(rows).map(([mode, { name, goal }]) => {
    const result = bench.results[mode as keyof typeof rows];
    const cells = stages.map((stage) => ms(result.stages[stage]?.p50));
    const verdict =
      goal === undefined ? '' : `≤ ${goal}: ${result.open.p50 <= goal ? 'met' : '**missed**'}`;
    return `| ${name} | ${cells.join(' | ')} | **${ms(result.open.p50)}** | ${ms(result.open.max)} | ${ms(result.openCpu.p50)} | ${verdict} |`;
  });
  return [
    openTableStart,
    `Measured ${bench.when.slice(0, 16).replace('T', ' ')} UTC on ${machine.cpus}, ${machine.memoryGiB} GiB, Node ${machine.node}, load average ${machine.loadBefore.join(' / ')} before and ${machine.loadAfter.join(' / ')} after (a machine shared with other work): ${bench.runs} opens of each kind, each in a new process, the existing folder holding ${bench.memories.toLocaleString('en-US').replaceAll(',', ' ')} memories. Medians in ms; "open" is what \`openPGliteStore\` costs (the stages from the folder's checks to the store's reads, the imports before it are the process's), "max" its slowest run, "CPU" the process's CPU time over the open.`,
    '',
    `| open | ${stages.join(' | ')} | open | max | CPU | goal (ms, p50) |`,
    `| --- | ${stages.map(() => '---:').join(' | ')} | ---: | ---: | ---: | --- |`,
    ...lines,
    openTableEnd,
  ].join('\n');
}
