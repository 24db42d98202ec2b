import type { Figures, TableColumn } from '@symfonic/test-support';
import type { SystemResult } from './evaluate-system.js';

/** A recall (a share in [0, 1]) as the tables print it: percent to a tenth, `n/a` for `NaN`. */
export function percent(value: number): string {
  return Number.isNaN(value) ? 'n/a' : (value * 100).toFixed(1);
}

function milliseconds(value: number): string {
  return Number.isNaN(value) ? 'n/a' : value.toFixed(2);
}

const right = (title: string): TableColumn => ({ title, align: 'right' });

/** Where a run's tables go: the README of this harness, its sections, and how it was run. */
export interface ResultsFiguresTarget {
  /** The section of the overall table. */
  readonly section: string;
  /** The section of the R@10-by-category table. */
  readonly categorySection: string;
  /** The command and machine, for {@link Figures.measured}. */
  readonly measured: string;
}

/**
 * A run's results as two tables: overall recall (percent) and latency per system, then turn
 * recall@10 per question category (the categories in the order the results first name them).
 * `n/a` stands for a figure the run could not compute.
 */
export function resultsFigures(
  results: readonly SystemResult[],
  target: ResultsFiguresTarget,
): readonly [overall: Figures, perCategory: Figures] {
  const document = 'apps/eval/README.md';
  const categories = [...new Set(results.flatMap((result) => Object.keys(result.perCategory)))];
  return [
    {
      document,
      section: target.section,
      measured: target.measured,
      columns: [
        { title: 'system' },
        ...['conversations', 'questions', 'R@5', 'R@10', 'R@25', 'session R@5'].map(right),
        right('p50 ms'),
        right('p95 ms'),
      ],
      rows: results.map((result) => [
        result.system,
        result.conversations,
        result.overall.questions,
        percent(result.overall.turnRecallAt5),
        percent(result.overall.turnRecallAt10),
        percent(result.overall.turnRecallAt25),
        percent(result.overall.sessionRecallAt5),
        milliseconds(result.latencyMs.p50),
        milliseconds(result.latencyMs.p95),
      ]),
    },
    {
      document,
      section: target.categorySection,
      measured: target.measured,
      columns: [{ title: 'R@10 by category' }, ...categories.map(right)],
      rows: results.map((result) => [
        result.system,
        ...categories.map((category) =>
          percent(result.perCategory[category]?.turnRecallAt10 ?? Number.NaN),
        ),
      ]),
    },
  ];
}
