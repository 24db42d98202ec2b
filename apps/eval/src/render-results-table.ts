import type { SystemResult } from './evaluate-system.js';

function percent(value: number): string {
  return Number.isNaN(value) ? 'n/a' : (value * 100).toFixed(1);
}

function milliseconds(value: number): string {
  return Number.isNaN(value) ? 'n/a' : value.toFixed(2);
}

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

/**
 * The results as Markdown: one table of overall recall (percent) and latency
 * per system, then turn recall@10 per question category.
 *
 * @returns the tables, `''` for no results; never throws.
 */
export function renderResultsTable(results: readonly SystemResult[]): string {
  if (results.length === 0) return '';
  const overall = [
    row([
      'system',
      'conversations',
      'questions',
      'R@5',
      'R@10',
      'R@25',
      'session R@5',
      'p50 ms',
      'p95 ms',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...results.map((result) =>
      row([
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
    ),
  ];
  const categories = [...new Set(results.flatMap((result) => Object.keys(result.perCategory)))];
  const perCategory = [
    row(['R@10 by category', ...categories]),
    row(['---', ...categories.map(() => '---:')]),
    ...results.map((result) =>
      row([
        result.system,
        ...categories.map((category) =>
          percent(result.perCategory[category]?.turnRecallAt10 ?? Number.NaN),
        ),
      ]),
    ),
  ];
  return `${overall.join('\n')}\n\n${perCategory.join('\n')}\n`;
}
