import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFigures } from '@symfonic/test-support';
import { describe, expect, it } from 'vitest';
import { type EvalReport, readEvalReports } from './eval-report.js';
import { type ReportName, reportFigures, reportRuns } from './report-figures.js';

const harness = fileURLToPath(new URL('..', import.meta.url));
const committed = readEvalReports(
  join(harness, 'reports'),
  Object.keys(reportRuns) as ReportName[],
);

const recall = (at10: number) => ({
  questions: 10,
  turnRecallAt5: at10 / 2,
  turnRecallAt10: at10,
  turnRecallAt25: at10 + 0.01,
  sessionRecallAt5: at10,
});

function report(systems: readonly string[], at10 = 0.5): EvalReport {
  return {
    dataset: { name: 'tiny', questions: 10 },
    run: {
      command: 'pnpm eval --dataset tiny',
      contextTurns: 0,
      startedAt: '2026-12-02T05:00:00.000Z',
      finishedAt: '2026-12-02T05:09:30.000Z',
    },
    machine: { node: 'v20.20.2', cores: 2, loadAverage: { before: [1, 2, 3], after: [4, 5, 6] } },
    results: systems.map((system, index) => ({
      system,
      conversations: 1,
      overall: recall(at10 + index / 100),
      perCategory: { 'two-turns': recall(at10) },
      latencyMs: { p50: 1, p95: 2 },
    })),
  };
}

describe('reportFigures', () => {
  it.each(reportFigures(committed).map((figures) => [figures.section, figures] as const))(
    'figures/%s.json is what the committed reports give (no table typed by hand)',
    (section, figures) => {
      expect(readFigures(join(harness, 'figures', `${section}.json`))).toEqual(figures);
    },
  );

  it('writes the two READMEs’ recall tables from one run, labelled with its command and load', () => {
    const run = report([
      'in-memory/lexical',
      'in-memory/hybrid/word-vectors',
      'in-memory/hybrid/local-ngram',
      'pglite/lexical',
      'pglite/hybrid/word-vectors',
      'pglite/hybrid/local-ngram',
    ]);
    const [root, memory] = reportFigures({ 'first-set-no-context': run });
    expect(root?.document).toBe('README.md');
    expect(memory?.document).toBe('packages/memory/README.md');
    expect(memory?.rows).toEqual(root?.rows);
    expect(root?.rows).toEqual([
      ['in-memory', '50.0', '**51.0**', '52.0'],
      ['PGlite', '53.0', '**54.0**', '55.0'],
    ]);
    expect(root?.measured).toBe(
      '`pnpm eval --dataset tiny`, finished 2026-12-02 05:09 UTC on 2 cores, Node v20.20.2, load average 1.0 / 2.0 / 3.0 before and 4.0 / 5.0 / 6.0 after',
    );
  });

  it('leaves out a table whose runs are not all there, and refuses a run lacking a system', () => {
    expect(reportFigures({})).toEqual([]);
    expect(reportFigures({ 'development-no-context': report(['in-memory/lexical']) })).toEqual([]);
    expect(() => reportFigures({ 'held-out-2-context': report(['in-memory/lexical']) })).toThrow(
      /has no system in-memory\/hybrid\/word-vectors/,
    );
  });

  it('puts both structures splits side by side, development then held-out', () => {
    const figures = reportFigures({
      'development-no-context': report(['in-memory/lexical'], 0.5),
      'held-out-no-context': report(['in-memory/lexical'], 0.75),
    });
    expect(figures.map(({ section, rows }) => [section, rows])).toEqual([
      [
        'eval-no-context-structures',
        [['in-memory/lexical', '25.0', '50.0', '51.0', '50.0', '37.5', '75.0', '76.0', '75.0']],
      ],
      [
        'eval-no-context-structures-categories',
        [['in-memory/lexical', 'n/a / n/a', 'n/a / n/a', '50.0 / 75.0', 'n/a / n/a']],
      ],
    ]);
  });
});
