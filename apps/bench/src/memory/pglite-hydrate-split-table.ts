/**
 * The store-drizzle README's table of where PGlite's `hydrate` spends its
 * time, read from `pglite-hydrate-split.bench.ts`'s JSON output, so the
 * figures there are exactly a run's.
 */

/** One figure over the runs, in ms. */
export interface SplitFigure {
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
}

/** What the benchmark writes. */
export interface HydrateSplit {
  readonly when: string;
  readonly machine: string;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
  readonly memories: number;
  readonly runs: number;
  /** Per ranking (lexical, hybrid): per part (a statement, `JSON.parse…`, `JS`, `hydrate`), per phase. */
  readonly modes: readonly {
    readonly name: string;
    readonly parts: Record<string, Record<string, SplitFigure>>;
  }[];
}

/** The statements a hydrate runs, by a fragment only their SQL holds, in the order they run. */
const statements: readonly (readonly [name: string, fragment: string])[] = [
  ['planner statistics', 'pg_stat'],
  ['analyze', 'analyze '],
  ['recent turns', '"turns"'],
  ['pinned facts', 'pinned_memories'],
  ['begin / commit', 'BEGIN'],
  ['begin / commit', 'COMMIT'],
  ['HNSW breadth', 'hnsw.ef_search'],
  ['HNSW iterative scan', 'hnsw.iterative_scan'],
  ['cue words and their frequencies', 'cue_words as materialized'],
  ['ranking', 'rare_candidates as materialized'],
  ['memories without a vector', 'select count(*) as missing'],
];

/** The name of a statement by its SQL: `other` when none of the known fragments is in it. */
export function statementName(sql: string): string {
  for (const [name, fragment] of statements) {
    if (sql.includes(fragment)) return name;
  }
  return 'other';
}

const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));

/** Parts that are not statements, shown after them. */
const apart = ['JSON.parse of ranked rows', 'JS', 'hydrate'];

/** The README section for one run: per ranking, per part, the phases' means and the part's mean, p50 and p95. */
export function hydrateSplitTable(bench: HydrateSplit): string {
  const lines: string[] = [];
  for (const mode of bench.modes) {
    const names = [
      ...new Set([
        ...statements.map(([name]) => name).filter((name) => mode.parts[name]),
        ...Object.keys(mode.parts).filter((name) => !apart.includes(name)),
      ]),
      ...apart.filter((name) => mode.parts[name]),
    ];
    for (const name of names) {
      const part = mode.parts[name] ?? {};
      const label = name === 'hydrate' ? '**whole `hydrate`**' : name;
      lines.push(
        `| ${mode.name} | ${label} | ${ms(part.count?.mean)} | ${ms(part.parse?.mean)} | ${ms(part.plan?.mean)} | ${ms(part.execute?.mean)} | ${ms(part.protocol?.mean)} | ${ms(part.decode?.mean)} | ${ms(part.total?.mean)} | **${ms(part.total?.p50)}** | ${ms(part.total?.p95)} |`,
      );
    }
  }
  return [
    `Measured ${bench.when.slice(0, 16).replace('T', ' ')} UTC on ${bench.machine}, load average ${bench.loadBefore.join(' / ')} before and ${bench.loadAfter.join(' / ')} after (a machine shared with other work): ${bench.runs} hydrates of each ranking at ${bench.memories.toLocaleString('en-US').replaceAll(',', ' ')} memories in one scope, pinned facts on. Per hydrate, in ms: "runs" is how many times the statement ran, then the mean of its time in each protocol message (Parse: parsing and analysis; Bind: planning; Execute: running it; Describe and Sync), of PGlite's decoding of its rows (and the waits between its messages), and of its whole time, then its whole time's p50 and p95. "JS" is the rest of the hydrate: drizzle's mapping, the store kit, the cue's embedding, and \`memory\`'s gates, ranking and rendering.`,
    '',
    '| ranking | part | runs | parse | plan | execute | describe, sync | decode | mean | p50 | p95 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...lines,
  ].join('\n');
}
