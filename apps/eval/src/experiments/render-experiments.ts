import type { ExperimentRow } from './run-experiments.js';

const percent = (value: number) => (Number.isNaN(value) ? 'n/a' : (value * 100).toFixed(1));

/**
 * The experiment rows as Markdown tables, one per group: recall at 5, 10, 25,
 * session recall at 5, and recall@10 per category (percent).
 *
 * @returns the tables, `''` for no rows; never throws.
 */
export function renderExperiments(rows: readonly ExperimentRow[]): string {
  const categories = [...new Set(rows.flatMap((row) => Object.keys(row.recallAt10ByCategory)))];
  const groups = [...new Set(rows.map((row) => row.group))];
  return groups
    .map((group) => {
      const lines = [
        `### ${group}`,
        '',
        `| setting | R@5 | R@10 | R@25 | session R@5 | ${categories.map((category) => `${category} R@10`).join(' | ')} |`,
        `| --- | ---: | ---: | ---: | ---: | ${categories.map(() => '---:').join(' | ')} |`,
        ...rows
          .filter((row) => row.group === group)
          .map(
            (row) =>
              `| ${row.setting} | ${percent(row.overall.turnRecallAt5)} | ${percent(row.overall.turnRecallAt10)} | ${percent(row.overall.turnRecallAt25)} | ${percent(row.overall.sessionRecallAt5)} | ${categories.map((category) => percent(row.recallAt10ByCategory[category] ?? Number.NaN)).join(' | ')} |`,
          ),
      ];
      return lines.join('\n');
    })
    .join('\n\n');
}
