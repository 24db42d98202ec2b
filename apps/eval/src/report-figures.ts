import type { Figures, TableCell, TableColumn } from '@symfonic/test-support';
import { describeRun, type EvalReport, type ReportedResult } from './eval-report.js';
import { percent } from './results-figures.js';

/** The systems of the results tables: each store by full text, vectors, hybrid and `hydrate`. */
const standardSystems = [
  'in-memory/lexical',
  'in-memory/vectors/local-ngram',
  'in-memory/hybrid/local-ngram',
  'in-memory/vectors/word-vectors',
  'in-memory/hybrid/word-vectors',
  'in-memory/hydrate/local-ngram',
  'in-memory/hydrate/word-vectors',
  'pglite/lexical',
  'pglite/vectors/local-ngram',
  'pglite/hybrid/local-ngram',
  'pglite/hydrate/local-ngram',
  'pglite/vectors/word-vectors',
  'pglite/hybrid/word-vectors',
  'pglite/hydrate/word-vectors',
].join(',');

/** The sentence encoder's comparison: in memory, every ranking and block of three embedders. */
const encoderSystems = [
  'in-memory/lexical',
  'in-memory/vectors/word-vectors',
  'in-memory/vectors/sentence-encoder',
  'in-memory/hybrid/word-vectors',
  'in-memory/hybrid/sentence-encoder',
  'in-memory/hydrate/word-vectors',
  'in-memory/hydrate/sentence-encoder',
  'in-memory/block/full-text',
  'in-memory/block/word-vectors',
  'in-memory/block/sentence-encoder',
  'in-memory/block-uncapped/full-text',
  'in-memory/block-uncapped/word-vectors',
  'in-memory/block-uncapped/sentence-encoder',
].join(',');

const withPglite = ['--pglite-conversations', 'all', '--systems', standardSystems];
const noContext = ['--context-turns', '0'];
const development = ['--dataset', 'structures-development'];
const heldOut = ['--dataset', 'structures-held-out'];
const secondHeldOut = ['--dataset', 'structures-held-out-2'];
const results = (section: string) => [
  '--figures',
  section,
  '--category-figures',
  `${section}-categories`,
];

/**
 * The runs the figures of the READMEs come from: each `pnpm eval` with these arguments writes
 * its report to `reports/<name>.json` (and, with `--figures`, its results tables). Run them
 * with `pnpm --filter @symfonic/eval figures:run`, then {@link reportFigures} writes the tables
 * that read more than one system or run.
 */
export const reportRuns = {
  'first-set-no-context': [...noContext, ...withPglite, ...results('eval-no-context-first-set')],
  'first-set-context': [...withPglite, ...results('eval-context-first-set')],
  'development-no-context': [...development, ...noContext, ...withPglite],
  'development-context': [...development, ...withPglite, ...results('eval-context-development')],
  'held-out-no-context': [...heldOut, ...noContext, ...withPglite],
  'held-out-context': [...heldOut, ...withPglite, ...results('eval-context-held-out')],
  'held-out-2-context': [...secondHeldOut, ...withPglite, ...results('eval-context-held-out-2')],
  'first-set-encoder': ['--systems', encoderSystems],
  'development-encoder': [...development, '--systems', encoderSystems],
  'held-out-encoder': [...heldOut, '--systems', encoderSystems],
  'held-out-2-encoder': [...secondHeldOut, '--systems', encoderSystems],
} as const satisfies Record<string, readonly string[]>;

/** The name of a run of {@link reportRuns}, and of its report file. */
export type ReportName = keyof typeof reportRuns;

/** The reports read, by name. */
export type Reports = Readonly<Partial<Record<ReportName, EvalReport>>>;

const right = (title: string): TableColumn => ({ title, align: 'right' });

function resultOf(report: EvalReport, system: string): ReportedResult {
  const found = report.results.find((result) => result.system === system);
  if (!found) throw new Error(`the run \`${report.run.command}\` has no system ${system}`);
  return found;
}

/** A recall as the tables print it (a `null` in the report is a `NaN` of the run). */
const shown = (value: number | null | undefined) => percent(value ?? Number.NaN);
const recallAt10 = (report: EvalReport, system: string) =>
  shown(resultOf(report, system).overall.turnRecallAt10);
const recallAt10And25 = (report: EvalReport, system: string) => {
  const { overall } = resultOf(report, system);
  return `${shown(overall.turnRecallAt10)} / ${shown(overall.turnRecallAt25)}`;
};
const measuredBy = (...reports: EvalReport[]) => reports.map(describeRun).join('; ');

const stores = [
  ['in-memory', 'in-memory'],
  ['PGlite', 'pglite'],
] as const;

/** Recall@10 of each store by full text, hybrid with word vectors and hybrid with the n-gram. */
function recallByRanking(report: EvalReport, document: string, section: string): Figures {
  return {
    document,
    section,
    measured: measuredBy(report),
    columns: [
      { title: 'store' },
      right('full text alone'),
      right('hybrid, word vectors'),
      right('hybrid, local n-gram'),
    ],
    rows: stores.map(([label, prefix]) => [
      label,
      recallAt10(report, `${prefix}/lexical`),
      `**${recallAt10(report, `${prefix}/hybrid/word-vectors`)}**`,
      recallAt10(report, `${prefix}/hybrid/local-ngram`),
    ]),
  };
}

/** The four sets' reports, in the order of their columns. */
type FourSets = readonly [EvalReport, EvalReport, EvalReport, EvalReport];

/** Recall@10 of each `[label, system]` row on the four sets: one column a set. */
function acrossSets(
  section: string,
  rowTitle: string,
  sets: FourSets,
  rows: readonly (readonly [string, string])[],
): Figures {
  return {
    document: 'apps/eval/README.md',
    section,
    measured: measuredBy(...sets),
    columns: [
      { title: rowTitle },
      right('first set'),
      right('structures, development'),
      right('structures, first held-out'),
      right('structures, held-out (second)'),
    ],
    rows: rows.map(([label, system]): TableCell[] => [
      label,
      ...sets.map((report) => recallAt10(report, system)),
    ]),
  };
}

/** Recall@10 of each store and ranking on the four sets, each turn imported with its context. */
function rankingChoice(sets: FourSets): Figures {
  const rankings = [
    ['full text', 'lexical'],
    ['hybrid with word vectors', 'hybrid/word-vectors'],
    ['hybrid with the local n-gram', 'hybrid/local-ngram'],
    ['`hydrate` with word vectors', 'hydrate/word-vectors'],
  ] as const;
  return acrossSets(
    'eval-ranking-choice',
    'store, ranking',
    sets,
    stores.flatMap(([label, prefix]) =>
      rankings.map(([ranking, system]) => [`${label}, ${ranking}`, `${prefix}/${system}`] as const),
    ),
  );
}

/** Both splits of the structures set side by side, without context: recall overall. */
function structuresOverall(developed: EvalReport, held: EvalReport): Figures {
  const recalls = (report: EvalReport, system: string) => {
    const { overall } = resultOf(report, system);
    return [
      overall.turnRecallAt5,
      overall.turnRecallAt10,
      overall.turnRecallAt25,
      overall.sessionRecallAt5,
    ].map(shown);
  };
  return {
    document: 'apps/eval/README.md',
    section: 'eval-no-context-structures',
    measured: measuredBy(developed, held),
    columns: [
      { title: 'system' },
      ...['development R@5', 'R@10', 'R@25', 'session R@5'].map(right),
      ...['held-out R@5', 'R@10', 'R@25', 'session R@5'].map(right),
    ],
    rows: developed.results.map(({ system }) => [
      system,
      ...recalls(developed, system),
      ...recalls(held, system),
    ]),
  };
}

/** Both splits of the structures set without context: recall@10 by category, `development / held-out`. */
function structuresByCategory(developed: EvalReport, held: EvalReport): Figures {
  const categories = ['reply-to-turn', 'when-said', 'two-turns', 'third-person'];
  const atCategory = (report: EvalReport, system: string, category: string) =>
    shown(resultOf(report, system).perCategory[category]?.turnRecallAt10);
  return {
    document: 'apps/eval/README.md',
    section: 'eval-no-context-structures-categories',
    measured: measuredBy(developed, held),
    columns: [{ title: 'R@10 by category, development / held-out' }, ...categories.map(right)],
    rows: developed.results.map(({ system }) => [
      system,
      ...categories.map(
        (category) =>
          `${atCategory(developed, system, category)} / ${atCategory(held, system, category)}`,
      ),
    ]),
  };
}

/** The sentence encoder against word vectors and full text, in memory: R@10 / R@25. */
function encoderComparison(report: EvalReport, section: string): Figures {
  const embedders = ['word-vectors', 'sentence-encoder'];
  const row = (label: string, lexical: TableCell, ranking: string): TableCell[] => [
    label,
    lexical,
    ...embedders.map((embedder) => recallAt10And25(report, `in-memory/${ranking}/${embedder}`)),
  ];
  return {
    document: 'apps/eval/README.md',
    section,
    measured: measuredBy(report),
    columns: [
      { title: 'system' },
      right('lexical'),
      right('word vectors'),
      right('sentence encoder'),
    ],
    rows: [
      row('in-memory/vectors', '', 'vectors'),
      row(
        'in-memory/hybrid (store)',
        `${recallAt10And25(report, 'in-memory/lexical')} (full text)`,
        'hybrid',
      ),
      row('in-memory/hydrate (wide caps, limit 25)', '', 'hydrate'),
      row(
        'in-memory/block (defaults)',
        recallAt10And25(report, 'in-memory/block/full-text'),
        'block',
      ),
      row(
        'in-memory/block-uncapped (limit 12)',
        recallAt10And25(report, 'in-memory/block-uncapped/full-text'),
        'block-uncapped',
      ),
    ],
  };
}

/**
 * Recall@10 in memory of full text and of each embedder's hybrid and block on the four sets,
 * from the sentence encoder's runs (each turn imported with its context).
 */
function embedderChoice(sets: FourSets): Figures {
  return acrossSets('eval-encoder-choice', 'in memory', sets, [
    ['full text', 'in-memory/lexical'],
    ['hybrid with word vectors', 'in-memory/hybrid/word-vectors'],
    ['hybrid with the sentence encoder', 'in-memory/hybrid/sentence-encoder'],
    ['block (defaults), full text', 'in-memory/block/full-text'],
    ['block (defaults), word vectors', 'in-memory/block/word-vectors'],
    ['block (defaults), sentence encoder', 'in-memory/block/sentence-encoder'],
  ]);
}

/** Each table that reads more than one system's results, and the runs it reads. */
const tables: readonly {
  readonly reads: readonly ReportName[];
  readonly figures: (...reports: [EvalReport, EvalReport, EvalReport, EvalReport]) => Figures;
}[] = [
  {
    reads: ['first-set-no-context'],
    figures: (report) => recallByRanking(report, 'README.md', 'readme-recall-first-set'),
  },
  {
    reads: ['first-set-no-context'],
    figures: (report) =>
      recallByRanking(report, 'packages/memory/README.md', 'memory-recall-embedders'),
  },
  {
    reads: ['held-out-2-context'],
    figures: (report) => recallByRanking(report, 'README.md', 'readme-recall-held-out'),
  },
  {
    reads: ['first-set-context', 'development-context', 'held-out-context', 'held-out-2-context'],
    figures: (first, developed, held, secondHeld) =>
      rankingChoice([first, developed, held, secondHeld]),
  },
  {
    reads: ['development-no-context', 'held-out-no-context'],
    figures: (developed, held) => structuresOverall(developed, held),
  },
  {
    reads: ['development-no-context', 'held-out-no-context'],
    figures: (developed, held) => structuresByCategory(developed, held),
  },
  {
    reads: ['development-encoder'],
    figures: (report) => encoderComparison(report, 'eval-encoder-development'),
  },
  {
    reads: ['held-out-encoder'],
    figures: (report) => encoderComparison(report, 'eval-encoder-held-out'),
  },
  {
    reads: ['first-set-encoder'],
    figures: (report) => encoderComparison(report, 'eval-encoder-first-set'),
  },
  {
    reads: ['held-out-2-encoder'],
    figures: (report) => encoderComparison(report, 'eval-encoder-held-out-2'),
  },
  {
    reads: ['first-set-encoder', 'development-encoder', 'held-out-encoder', 'held-out-2-encoder'],
    figures: (first, developed, held, secondHeld) =>
      embedderChoice([first, developed, held, secondHeld]),
  },
];

/**
 * The tables built from `reports` that the results tables of a single run do not give: the
 * READMEs' recall by ranking (the repository's and `@symfonic/memory`'s from the same run), the
 * ranking choice across the four sets, the structures splits without context side by side,
 * and the sentence encoder's comparison. A table is left out when a report it reads is absent.
 *
 * @throws Error when a report lacks a system a table reads.
 */
export function reportFigures(reports: Reports): Figures[] {
  return tables.flatMap(({ reads, figures }) => {
    const read = reads.map((name) => reports[name]);
    if (!read.every((report) => report !== undefined)) return [];
    const [first, second = first, third = first, fourth = first] = read;
    return [
      figures(first as EvalReport, second as EvalReport, third as EvalReport, fourth as EvalReport),
    ];
  });
}
