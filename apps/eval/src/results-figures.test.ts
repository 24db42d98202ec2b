import { renderFigures } from '@symfonic/test-support';
import { describe, expect, it } from 'vitest';
import type { SystemResult } from './evaluate-system.js';
import { resultsFigures } from './results-figures.js';

const summary = (recall: number) => ({
  questions: 4,
  turnRecallAt5: recall,
  turnRecallAt10: recall,
  turnRecallAt25: 1,
  sessionRecallAt5: 0.5,
});
const result: SystemResult = {
  system: 'in-memory/lexical',
  store: 'in-memory',
  ranking: 'lexical',
  conversations: 2,
  ingest: { memories: 10, merged: 0, refused: [], seconds: 0.1 },
  overall: summary(0.75),
  perCategory: { date: summary(1), 'multi-hop': summary(Number.NaN) },
  latencyMs: { p50: 0.734, p95: 4.2 },
  degradations: {},
  outcomes: [],
};

describe('resultsFigures', () => {
  const [overall, perCategory] = resultsFigures([result], {
    section: 'eval-x',
    categorySection: 'eval-x-categories',
    measured: '`pnpm eval`, on a test',
  });

  it('writes the overall table of a run into its section of the harness README', () => {
    expect(overall).toMatchObject({ document: 'apps/eval/README.md', section: 'eval-x' });
    expect(renderFigures(overall).split('\n')).toEqual([
      '| system | conversations | questions | R@5 | R@10 | R@25 | session R@5 | p50 ms | p95 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      '| in-memory/lexical | 2 | 4 | 75.0 | 75.0 | 100.0 | 50.0 | 0.73 | 4.20 |',
    ]);
  });

  it('writes R@10 per category, n/a where the run could not compute it', () => {
    expect(perCategory.section).toBe('eval-x-categories');
    expect(renderFigures(perCategory).split('\n')).toEqual([
      '| R@10 by category | date | multi-hop |',
      '| --- | ---: | ---: |',
      '| in-memory/lexical | 100.0 | n/a |',
    ]);
  });
});
